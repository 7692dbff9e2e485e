import type { CheckoutRequest } from '@voltline/shared/checkout';
import type { z } from 'zod';
import type { insertedSchema } from '@voltline/shared/order';
import { apiSend } from '../../../lib/api-client.ts';
import { cartKeys, orderKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

type Inserted = z.infer<typeof insertedSchema>;

/** POST /api/checkout: the cart becomes one unpaid order; the server prices it as its quote does. */
const placeCheckout = (request: CheckoutRequest) => apiSend<Inserted>('POST', '/checkout', request);

// The server emptied the cart in the order's transaction, and the new unpaid order belongs in My Orders.
export const usePlaceCheckout = () => useRefreshingMutation(placeCheckout, [cartKeys.mine(), orderKeys.mine()]);
