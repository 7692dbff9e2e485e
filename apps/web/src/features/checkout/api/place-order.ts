import type { z } from 'zod';
import type { insertedSchema, purchaseFormSchema } from '@voltline/shared/order';
import { apiSend } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

export type PurchaseForm = z.output<ReturnType<typeof purchaseFormSchema>>;
type NewOrder = PurchaseForm & { toolId: string };
type Inserted = z.infer<typeof insertedSchema>;

/** POST /api/purchased: the server prices the order (a one-line checkout) and takes the buyer from the token. */
const placeOrder = (order: NewOrder) => apiSend<Inserted>('POST', '/purchased', order);

// The new unpaid order belongs in My Orders.
export const usePlaceOrder = () => useRefreshingMutation(placeOrder, [orderKeys.mine()]);
