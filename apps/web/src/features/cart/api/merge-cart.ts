import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartMergeAnswer } from '@voltline/shared/cart';
import type { StoredCartLine } from '@voltline/shared/cart-rules';
import { apiRequest } from '../../../lib/api-client.ts';
import { cartKeys } from '../../../lib/query-keys.ts';

/** POST /api/cart/merge: the browser's cart joins the account's; answers the cart and what was changed, in words. */
function mergeCart(lines: StoredCartLine[]): Promise<CartMergeAnswer> {
  return apiRequest<CartMergeAnswer>('/cart/merge', {
    method: 'POST',
    body: JSON.stringify({ lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })) }),
  });
}

export function useMergeCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeCart,
    onSuccess: ({ notes: _notes, ...cart }) => queryClient.setQueryData(cartKeys.mine(), cart),
  });
}
