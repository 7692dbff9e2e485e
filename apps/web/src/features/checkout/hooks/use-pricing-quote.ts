import { useMemo } from 'react';
import { checkoutQuoteRequestSchema } from '@voltline/shared/checkout';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCheckoutQuote } from '../api/get-checkout-quote.ts';

/** The fields that change what an order costs, besides its tools. */
export type PricingChoiceField = 'country' | 'couponCode' | 'vatId';
export type PricingChoicesInput = Partial<Record<PricingChoiceField, string>>;

/** How long the choices must stay still before they are quoted: a code typed letter by letter is asked once. */
const QUOTE_DELAY_MS = 400;

/**
 * Which field a refusal of the server is about, so its words show next to it: a coupon code's
 * (coupon_unavailable, coupon_expired, ...) and a destination without a delivery rate. A VAT id is
 * refused in the browser by the same schema the server checks, before it is asked about.
 */
function fieldOfRefusal(error: unknown): PricingChoiceField | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.code.startsWith('coupon_')) return 'couponCode';
  if (error.code === 'no_delivery_rate') return 'country';
  return null;
}

/**
 * The quote of the choices being typed (issue 29), asked once they have settled and only when the
 * shared schema accepts them; `lines` are the purchase page's one tool (the checkout quotes the
 * cart), null while its quantity is not one that can be ordered.
 */
export function usePricingQuote(choices: PricingChoicesInput, lines?: { toolId: string; quantity: number }[] | null) {
  const typed = JSON.stringify({ country: choices.country, couponCode: choices.couponCode, vatId: choices.vatId, lines });
  const settled = useDebouncedValue(typed, QUOTE_DELAY_MS);
  const request = useMemo(() => {
    const { lines: settledLines, ...settledChoices } = JSON.parse(settled) as PricingChoicesInput & { lines?: typeof lines };
    if (settledLines === null) return null;
    const parsed = checkoutQuoteRequestSchema.safeParse({ ...settledChoices, lines: settledLines });
    return parsed.success ? parsed.data : null;
  }, [settled]);
  const quote = useCheckoutQuote(request);
  const refusedField = quote.isError ? fieldOfRefusal(quote.error) : null;
  return {
    quote,
    /** The choices as typed are not yet what the summary shows (still settling, being asked, or not valid). */
    settling: typed !== settled || quote.isPlaceholderData || quote.isFetching,
    /** Nothing to quote: a choice is not valid yet (its field says why). */
    invalid: request === null,
    /** The server's refusal of one of the choices, to show next to it. */
    refusalOf: (field: PricingChoiceField) => (refusedField === field ? (quote.error as ApiRequestError).message : undefined),
    /** A refusal about no one field (an empty cart, a line that cannot be ordered), or a failure. */
    otherFailure: quote.isError && refusedField === null ? quote.error : null,
  };
}
export type PricingQuote = ReturnType<typeof usePricingQuote>;
