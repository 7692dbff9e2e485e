import type { z } from 'zod';
import type { deletedSchema } from '@voltline/shared/order';
import { apiSend } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

type Deleted = z.infer<typeof deletedSchema>;

/** DELETE /api/purchasedSingle/{id}: the buyer cancels an unpaid order. */
const cancelOrder = (orderId: string) => apiSend<Deleted>('DELETE', `/purchasedSingle/${encodeURIComponent(orderId)}`);

// The order stays in My Orders, now shown as cancelled.
export const useCancelOrder = () => useRefreshingMutation(cancelOrder, [orderKeys.mine()]);
