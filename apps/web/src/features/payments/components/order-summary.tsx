import type { ReactNode } from 'react';
import type { Order } from '@voltline/shared/order';
import { formatMoney } from '@voltline/shared/money';

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 border-b border-base-200 py-2 last:border-b-0">
      <dt className="font-medium">{label}</dt>
      <dd className="break-all">{children}</dd>
    </div>
  );
}

/** What is being paid for and by whom (product.md, "Screens", payment screen). */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <dl className="card bg-base-100 px-6 py-4 shadow" aria-label="Order summary">
      <SummaryRow label="Product">{order.product}</SummaryRow>
      <SummaryRow label="Total">{formatMoney(order.price)}</SummaryRow>
      <SummaryRow label="Quantity">{order.quantity}</SummaryRow>
      <SummaryRow label="Buyer">{order.buyer}</SummaryRow>
      <SummaryRow label="Buyer email">{order.buyerEamil}</SummaryRow>
      <SummaryRow label="Phone">{order.phone}</SummaryRow>
    </dl>
  );
}
