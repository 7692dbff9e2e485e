import type { z } from 'zod';
import type { deletedSchema } from '@voltline/shared/order';
import { apiSend } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

type Deleted = z.infer<typeof deletedSchema>;

/** DELETE /api/deletOrder/{id}: an admin cancels an unpaid order (409 once it is paid). */
const cancelUnpaidOrder = (orderId: string) => apiSend<Deleted>('DELETE', `/deletOrder/${encodeURIComponent(orderId)}`);

// The order leaves every filter's pages; its history (under the order) gains the cancellation.
export const useCancelUnpaidOrder = () => useRefreshingMutation(cancelUnpaidOrder, (orderId) => [orderKeys.adminLists(), orderKeys.detail(orderId)]);
