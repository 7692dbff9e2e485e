import type { ReactNode } from 'react';
import type { Order } from '@voltline/shared/order';
import { countryName } from '@voltline/shared/country-names';
import { formatMoney } from '@voltline/shared/money';
import { OrderFiguresSummary } from '../../../entities/order/components/order-figures-summary.tsx';

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 border-b border-base-200 py-2 last:border-b-0">
      <dt className="font-medium">{label}</dt>
      <dd className="whitespace-pre-line wrap-anywhere">{children}</dd>
    </div>
  );
}

/**
 * What is being paid for, by whom and where it goes (product.md, "Screens", payment screen). The
 * spec's "Price" is the order's total, so it says "Total", after the unit price (issue 26). Under
 * it, what the total is made of (issues 28 and 29): each line, delivery, discounts and VAT.
 */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <>
      <OrderFacts order={order} />
      <section aria-labelledby="order-costs-heading" className="card bg-base-100 px-6 py-4 shadow">
        <h2 id="order-costs-heading" className="mb-2 font-semibold">
          What the order costs
        </h2>
        <OrderFiguresSummary lines={order.lines} figures={order} couponCode={order.couponCode} label="Price summary" />
      </section>
    </>
  );
}

function OrderFacts({ order }: { order: Order }) {
  return (
    <dl className="card bg-base-100 px-6 py-4 shadow" aria-label="Order summary">
      <SummaryRow label="Order">{order.orderNumber}</SummaryRow>
      {/* An order of several tools lists them under "What the order costs", each with its units, unit
          price and line total: the first tool's price beside the units in all misread (issue 43). */}
      {order.lines.length === 1 && (
        <>
          <SummaryRow label="Product">{order.product}</SummaryRow>
          <SummaryRow label="Unit price">{formatMoney(order.unitPrice)}</SummaryRow>
          <SummaryRow label="Quantity">{order.quantity}</SummaryRow>
        </>
      )}
      <SummaryRow label="Total">{formatMoney(order.price)}</SummaryRow>
      <SummaryRow label="Buyer">{order.buyer}</SummaryRow>
      <SummaryRow label="Buyer email">{order.buyerEamil}</SummaryRow>
      <SummaryRow label="Phone">{order.phone}</SummaryRow>
      <SummaryRow label="Delivery address">{order.address}</SummaryRow>
      {order.country && <SummaryRow label="Country">{countryName(order.country)}</SummaryRow>}
      {order.vatId && <SummaryRow label="VAT id">{order.vatId}</SummaryRow>}
    </dl>
  );
}
