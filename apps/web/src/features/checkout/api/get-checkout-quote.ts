import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CheckoutQuote, CheckoutQuoteRequest } from '@voltline/shared/checkout';
import { apiRequest } from '../../../lib/api-client.ts';
import { cartKeys } from '../../../lib/query-keys.ts';

/** POST /api/checkout/quote: what the cart (or the lines given) would cost with these choices; nothing is taken or kept. */
function getCheckoutQuote(request: CheckoutQuoteRequest): Promise<CheckoutQuote> {
  return apiRequest<CheckoutQuote>('/checkout/quote', { method: 'POST', body: JSON.stringify(request) });
}

/**
 * The quote of `request`, or none while the choices are not valid yet (null). The summary keeps the
 * last quote while the next is asked, instead of blinking away at each change.
 */
export function useCheckoutQuote(request: CheckoutQuoteRequest | null) {
  return useQuery({
    queryKey: cartKeys.quote(request ?? { country: '' }),
    queryFn: () => getCheckoutQuote(request!),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
