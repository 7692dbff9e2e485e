import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartOf } from '@voltline/shared/cart-rules';
import type { CheckoutRequest } from '@voltline/shared/checkout';
import type { z } from 'zod';
import type { insertedSchema } from '@voltline/shared/order';
import { ApiRequestError, apiSend } from '../../../lib/api-client.ts';
import { cartKeys, orderKeys } from '../../../lib/query-keys.ts';

type Inserted = z.infer<typeof insertedSchema>;

/** POST /api/checkout: the cart becomes one unpaid order; the server prices it as its quote does. */
const placeCheckout = (request: CheckoutRequest) => apiSend<Inserted>('POST', '/checkout', request);

/**
 * The checkout's placing. `onPlaced` (the way to the order's payment page) runs first: the page then
 * leaves before the cart it shows is emptied; a callback given to `mutate` would be lost, as the
 * empty cart takes the form off the page (issue 43).
 */
export function usePlaceCheckout(onPlaced: (orderId: string, request: CheckoutRequest) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeCheckout,
    // The server emptied the cart in the order's transaction, and the new unpaid order belongs in My Orders.
    // The cart is known empty at once: Back from the payment page must not find the checkout with the
    // cart as it was while its refetch runs (issue 43).
    onSuccess: ({ insertedId }, request) => {
      onPlaced(insertedId, request);
      queryClient.setQueryData(cartKeys.mine(), cartOf([]));
      return Promise.all([queryClient.invalidateQueries({ queryKey: cartKeys.mine() }), queryClient.invalidateQueries({ queryKey: orderKeys.mine() })]);
    },
    // A price changed since the quote (decision 059): the summary is asked again, so the new total shows beside the refusal.
    onError: (error) => (error instanceof ApiRequestError && error.code === 'prices_changed' ? queryClient.invalidateQueries({ queryKey: cartKeys.all }) : undefined),
  });
}
