import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@voltline/shared/cart-rules';
import { apiRequest } from '../../../lib/api-client.ts';
import { cartKeys } from '../../../lib/query-keys.ts';

/** PUT /api/cart/lines/{toolId}: the line holds `quantity` units (added when the cart has none); answers the cart. */
function setCartLine({ toolId, quantity }: { toolId: string; quantity: number }): Promise<Cart> {
  return apiRequest<Cart>(`/cart/lines/${encodeURIComponent(toolId)}`, { method: 'PUT', body: JSON.stringify({ quantity }) });
}

export function useSetCartLine() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCartLine, onSuccess: (cart) => queryClient.setQueryData(cartKeys.mine(), cart) });
}
