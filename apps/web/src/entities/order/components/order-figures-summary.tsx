import type { ReactNode } from 'react';
import { OrderLines } from './order-lines.tsx';
import { orderFigureRows, type FigureLine, type OrderFigures } from '@voltline/shared/order-figure-rows';

function FigureRow({ label, children, strong = false, testId }: { label: ReactNode; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex flex-wrap justify-between gap-x-4 py-1 ${strong ? 'text-lg font-bold' : ''}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * What an order costs, line by line and in all: the checkout's and the purchase page's quote before
 * the order is placed, and the payment page's order (issues 28 and 29). The rows are the ones the
 * order mails print (order-figure-rows.ts).
 */
export function OrderFiguresSummary({ lines, figures, couponCode, label }: { lines: readonly FigureLine[]; figures: OrderFigures; couponCode?: string | null | undefined; label: string }) {
  return (
    <div className="flex flex-col gap-2">
      <OrderLines lines={lines} label={`${label}: lines`} testId="summary-line" />
      <dl aria-label={label}>
        {orderFigureRows(figures, couponCode).map((row, index) => (
          <FigureRow key={index} label={row.label} strong={row.kind === 'total'} testId={`summary-${row.kind}`}>
            {row.value}
          </FigureRow>
        ))}
      </dl>
    </div>
  );
}
