import type { ReactNode } from 'react';
import { formatMoney } from '@voltline/shared/money';
import { vatTreatmentWords, type VatShareAnswer, type VatTreatment } from '@voltline/shared/order-figures';

/** What an order costs besides its lines, as the quote and every order answer it (packages/shared order-figures.ts). */
export interface OrderFigures {
  subtotal: number;
  deliveryCharge: number;
  deliveryDiscount: number;
  couponDiscount: number;
  addedVat: number;
  total: number;
  vat: VatShareAnswer[];
  vatTreatment: VatTreatment;
}

export interface SummaryLine {
  product: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

function FigureRow({ label, children, strong = false, testId }: { label: ReactNode; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex flex-wrap justify-between gap-x-4 py-1 ${strong ? 'text-lg font-bold' : ''}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * VAT per rate when the shop's rates apply (issue 29: an invoice's "VAT per rate"), saying whether it
 * is in the prices or added; otherwise the treatment's words (reverse charge, export, no VAT).
 */
function VatRows({ figures }: { figures: OrderFigures }) {
  if (figures.vatTreatment !== 'domestic') {
    return (
      <FigureRow label="VAT" testId="summary-vat">
        {vatTreatmentWords[figures.vatTreatment]}
      </FigureRow>
    );
  }
  const added = figures.addedVat > 0;
  return (
    <>
      {figures.vat.map((share) => (
        <FigureRow key={share.rate} label={`VAT ${share.rate}% ${added ? 'added' : 'included'} (on ${formatMoney(share.net)})`} testId="summary-vat">
          {formatMoney(share.vat)}
        </FigureRow>
      ))}
    </>
  );
}

/**
 * What an order costs, line by line and in all: the checkout's and the purchase page's quote before
 * the order is placed, and the payment page's order (issues 28 and 29). Discounts show as amounts
 * taken off; a figure that is zero is left out except delivery, which a buyer looks for.
 */
export function OrderFiguresSummary({ lines, figures, couponCode, label }: { lines: readonly SummaryLine[]; figures: OrderFigures; couponCode?: string | null | undefined; label: string }) {
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={`${label}: lines`} className="flex flex-col gap-1">
        {lines.map((line, index) => (
          <li key={index} data-testid="summary-line" className="flex flex-wrap justify-between gap-x-4 border-b border-base-200 py-1">
            <span className="wrap-anywhere">{`${line.product} x ${line.quantity} at ${formatMoney(line.unitPrice)}`}</span>
            <span className="tabular-nums">{formatMoney(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl aria-label={label}>
        <FigureRow label="Subtotal" testId="summary-subtotal">
          {formatMoney(figures.subtotal)}
        </FigureRow>
        {figures.couponDiscount > 0 && (
          <FigureRow label={couponCode ? `Coupon ${couponCode}` : 'Coupon'} testId="summary-coupon">
            {`-${formatMoney(figures.couponDiscount)}`}
          </FigureRow>
        )}
        <FigureRow label="Delivery" testId="summary-delivery">
          {figures.deliveryCharge === 0 ? 'Free' : formatMoney(figures.deliveryCharge)}
        </FigureRow>
        {figures.deliveryDiscount > 0 && (
          <FigureRow label="Delivery discount" testId="summary-delivery-discount">
            {`-${formatMoney(figures.deliveryDiscount)}`}
          </FigureRow>
        )}
        <VatRows figures={figures} />
        <FigureRow label="Total" strong testId="summary-total">
          {formatMoney(figures.total)}
        </FigureRow>
      </dl>
    </div>
  );
}
