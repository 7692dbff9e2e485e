import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { acknowledgedSchema } from '@voltline/shared/profile';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminOrdersKey } from './get-admin-orders.ts';
import { orderHistoryQueryOptions } from './get-order-history.ts';
import { shopOverviewQueryOptions } from './get-shop-overview.ts';

type Acknowledged = z.infer<typeof acknowledgedSchema>;

/** PATCH /api/deliverConfirm/{id}: ships a paid, pending order and lowers the tool's stock, or 409. */
export function shipOrder(orderId: string): Promise<Acknowledged> {
  return apiRequest<Acknowledged>(`/deliverConfirm/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body: JSON.stringify({ delivery: 'shipped' }),
    // Spec 8: this call is exempt from signing out on 401/403; the dialog shows the refusal instead.
    signOutOnAuthFailure: false,
  });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    // Also after a refusal: a 409 may mean another admin shipped it meanwhile, so the lists are stale.
    onSettled: (_answer, _error, orderId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
        queryClient.invalidateQueries({ queryKey: orderHistoryQueryOptions(orderId).queryKey }),
        // Shipping lowers stock: the low-stock list, the storefront and the admin tool list (all under ['tools']).
        queryClient.invalidateQueries({ queryKey: shopOverviewQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: ['tools'] }),
      ]),
  });
}
