import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { acknowledgedSchema } from '@voltline/shared/profile';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, toolKeys } from '../../../lib/query-keys.ts';

type Acknowledged = z.infer<typeof acknowledgedSchema>;

/** PATCH /api/deliverConfirm/{id}: ships a paid, pending order and lowers the tool's stock, or 409. */
function shipOrder(orderId: string): Promise<Acknowledged> {
  return apiRequest<Acknowledged>(`/deliverConfirm/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body: JSON.stringify({ delivery: 'shipped' }),
    // product.md, "What the shop says": this call is exempt from signing out on 401/403; the dialog shows the refusal instead.
    signOutOnAuthFailure: false,
  });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    // Also after a refusal: a 409 may mean another admin shipped it meanwhile, so the lists are stale.
    // Every order list, the order's history and the overview's low-stock list (all under orders), and,
    // as shipping lowers stock, every tool list.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: toolKeys.all }),
      ]),
  });
}
