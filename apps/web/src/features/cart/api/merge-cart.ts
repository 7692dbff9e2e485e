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

/**
 * The merged cart becomes the account's cart in the cache. A read of the cart sent before the merge
 * was stored (the cart page and the navbar read it as the session arrives) would answer the cart
 * without the browser's lines after the merge had put them in, and the customer would find an empty
 * cart: such reads are cancelled, as the merge starts and as it lands, so the merge's answer stays.
 */
export function useMergeCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeCart,
    onMutate: () => queryClient.cancelQueries({ queryKey: cartKeys.mine() }),
    onSuccess: async ({ notes: _notes, ...cart }) => {
      await queryClient.cancelQueries({ queryKey: cartKeys.mine() });
      queryClient.setQueryData(cartKeys.mine(), cart);
    },
  });
}
