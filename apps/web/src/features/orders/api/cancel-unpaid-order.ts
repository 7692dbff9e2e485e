import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deletedSchema } from '@voltline/shared/order';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

type Deleted = z.infer<typeof deletedSchema>;

/** DELETE /api/deletOrder/{id}: an admin cancels an unpaid order (409 once it is paid). */
function cancelUnpaidOrder(orderId: string): Promise<Deleted> {
  return apiRequest<Deleted>(`/deletOrder/${encodeURIComponent(orderId)}`, { method: 'DELETE' });
}

export function useCancelUnpaidOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelUnpaidOrder,
    // The order leaves every filter's pages; its history (under the order) gains the cancellation.
    onSuccess: (_answer, orderId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.adminLists() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
      ]),
  });
}
