import { Link } from 'react-router';
import { ApiRequestError, describeRequestError } from '../../../lib/api-client.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { OrderFiguresSummary } from '../../../entities/order/components/order-figures-summary.tsx';
import type { PricingQuote } from '../hooks/use-pricing-quote.ts';

/**
 * What the order will cost with the choices made, before it is placed (issues 28 and 29): each line,
 * delivery, its discount, the coupon's, VAT and the total, as the server will price it.
 */
export function QuoteSummary({ pricing, couponCode }: { pricing: PricingQuote; couponCode: string | undefined }) {
  const { quote } = pricing;
  let content;
  if (pricing.otherFailure) {
    const emptyCart = pricing.otherFailure instanceof ApiRequestError && pricing.otherFailure.code === 'cart_empty';
    content = (
      <div className="flex flex-col items-start gap-3">
        <ErrorAlert message={describeRequestError(pricing.otherFailure)} />
        <Link to={emptyCart ? '/tools' : '/cart'} className="btn btn-sm">
          {emptyCart ? 'See our tools' : 'Back to the cart'}
        </Link>
      </div>
    );
  } else if (pricing.invalid) {
    content = <p className="text-sm text-base-content/70">Correct the fields above to see what the order costs.</p>;
  } else if (quote.data && !quote.isError) {
    const { vatId, vatIdNote, vatTreatment } = quote.data;
    content = (
      <>
        <OrderFiguresSummary lines={quote.data.lines} figures={quote.data} couponCode={couponCode?.trim().toUpperCase()} label="Price summary" />
        {/* Issue 39: a reverse charge names the VAT id it is on (a business account's, when none was typed); VAT charged on an id says why. */}
        {vatIdNote ? (
          <p role="status" className="alert alert-warning mt-3 text-sm">
            {vatIdNote}
          </p>
        ) : (
          vatTreatment === 'reverse-charge' && vatId && <p className="mt-3 text-sm">Reverse charge on VAT id {vatId}.</p>
        )}
      </>
    );
  } else if (quote.isError) {
    // A refusal of one choice: its words are next to that field.
    content = <p className="text-sm text-base-content/70">Change the field marked above to see what the order costs.</p>;
  } else {
    content = <LoadingSpinner label="Working out the total" className="py-6" />;
  }
  return (
    <section aria-labelledby="quote-summary-heading" aria-busy={pricing.settling} className="rounded-box border border-base-300 p-4">
      <h3 id="quote-summary-heading" className="mb-2 font-semibold">
        Summary
      </h3>
      {content}
    </section>
  );
}
