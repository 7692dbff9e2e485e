import { formatMoney } from '@voltline/shared/money';
import { lineWords, type FigureLine } from '@voltline/shared/order-figure-rows';

/**
 * What an order holds, a row per tool: its name, units and unit price, and the line's total beside
 * (issue 43: the pages said "Quantity 46" and "... and 2 more" for an order of three tools). The
 * payment page, My Orders, Manage All Orders and the ship dialog show the same rows.
 */
export function OrderLines({ lines, label, className = '', testId = 'order-line' }: { lines: readonly FigureLine[]; label: string; className?: string; testId?: string }) {
  return (
    <ul aria-label={label} className={`flex flex-col ${className}`}>
      {lines.map((line, index) => (
        <li key={index} data-testid={testId} className="flex flex-wrap justify-between gap-x-4 border-b border-base-200 py-1 last:border-b-0">
          <span className="wrap-anywhere">{lineWords(line)}</span>
          <span className="tabular-nums">{formatMoney(line.lineTotal)}</span>
        </li>
      ))}
    </ul>
  );
}
