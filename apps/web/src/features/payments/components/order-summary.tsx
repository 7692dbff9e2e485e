import type { ReactNode } from 'react';
import type { Order } from '@voltline/shared/order';
import { formatMoney } from '@voltline/shared/money';

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
 * spec's "Price" is the order's total, so it says "Total", after the unit price (issue 26).
 */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <dl className="card bg-base-100 px-6 py-4 shadow" aria-label="Order summary">
      <SummaryRow label="Product">{order.product}</SummaryRow>
      <SummaryRow label="Unit price">{formatMoney(order.unitPrice)}</SummaryRow>
      <SummaryRow label="Quantity">{order.quantity}</SummaryRow>
      <SummaryRow label="Total">{formatMoney(order.price)}</SummaryRow>
      <SummaryRow label="Buyer">{order.buyer}</SummaryRow>
      <SummaryRow label="Buyer email">{order.buyerEamil}</SummaryRow>
      <SummaryRow label="Phone">{order.phone}</SummaryRow>
      <SummaryRow label="Delivery address">{order.address}</SummaryRow>
    </dl>
  );
}
