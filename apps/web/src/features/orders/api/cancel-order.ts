import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deletedSchema } from '@voltline/shared/order';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

type Deleted = z.infer<typeof deletedSchema>;

/** DELETE /api/purchasedSingle/{id}: the buyer cancels an unpaid order. */
function cancelOrder(orderId: string): Promise<Deleted> {
  return apiRequest<Deleted>(`/purchasedSingle/${encodeURIComponent(orderId)}`, { method: 'DELETE' });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // The order stays in My Orders, now shown as cancelled.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.mine() }),
  });
}
