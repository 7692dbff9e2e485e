import { formatMoney } from '@voltline/shared/money';
import { PendingButton } from '../../../components/pending-button.tsx';
import type { PricingQuote } from '../hooks/use-pricing-quote.ts';

/**
 * The final button of the checkout and the purchase page. An online order binds a consumer only
 * when this button says that ordering means paying (Consumer Rights Directive art. 8(2)), so it
 * reads "Order and pay" rather than the spec's "Purchase" or "Place order" (issue 43), with the
 * total it commits to beside it once the summary has priced the order.
 */
export function OrderAndPayButton({ pricing, pending, disabled = false, onAccount = false }: { pricing: PricingQuote; pending: boolean; disabled?: boolean; onAccount?: boolean }) {
  // A total still being worked out for changed choices is not shown: it may not be what is charged.
  const total = pricing.invalid || pricing.settling || pricing.quote.isError ? undefined : pricing.quote.data?.total;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <PendingButton type="submit" className="btn btn-primary" pending={pending} disabled={disabled}>
        {/* A business on account commits to pay the invoice (decision 060). */}
        {onAccount ? 'Order on account' : 'Order and pay'}
      </PendingButton>
      {total !== undefined && (
        <p className="font-semibold" data-testid="order-and-pay-total" aria-live="polite">
          {`Total to pay: ${formatMoney(total)}`}
        </p>
      )}
    </div>
  );
}
