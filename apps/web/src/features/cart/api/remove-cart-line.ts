import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@voltline/shared/cart-rules';
import { apiRequest } from '../../../lib/api-client.ts';
import { cartKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/cart/lines/{toolId}: the tool leaves the cart; answers the cart. */
function removeCartLine(toolId: string): Promise<Cart> {
  return apiRequest<Cart>(`/cart/lines/${encodeURIComponent(toolId)}`, { method: 'DELETE' });
}

export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeCartLine, onSuccess: (cart) => queryClient.setQueryData(cartKeys.mine(), cart) });
}
