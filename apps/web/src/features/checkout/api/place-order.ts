import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { insertedSchema, purchaseFormSchema } from '@voltline/shared/order';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

export type PurchaseForm = z.output<ReturnType<typeof purchaseFormSchema>>;
export type PurchaseFormInput = z.input<ReturnType<typeof purchaseFormSchema>>;
type NewOrder = PurchaseForm & { toolId: string };
type Inserted = z.infer<typeof insertedSchema>;

/** POST /api/purchased: the server prices the order (a one-line checkout) and takes the buyer from the token. */
function placeOrder(order: NewOrder): Promise<Inserted> {
  return apiRequest<Inserted>('/purchased', { method: 'POST', body: JSON.stringify(order) });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // The new unpaid order belongs in My Orders.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.mine() }),
  });
}
