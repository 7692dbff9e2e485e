import { formatMoney } from './money.ts';
import { vatTreatmentWords, type VatShareAnswer, type VatTreatment } from './order-figures.ts';

/** What an order costs besides its lines, in dollars, as the quote and every order answer it (order-figures.ts). */
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

export interface FigureLine {
  product: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/** A line as pages and mails write it: "Drill x 2 at $40.00", its total beside. */
export const lineWords = (line: FigureLine) => `${line.product} x ${line.quantity} at ${formatMoney(line.unitPrice)}`;

export type FigureRowKind = 'subtotal' | 'coupon' | 'delivery' | 'delivery-discount' | 'vat' | 'total';

/**
 * The rows of what an order costs after its lines, for the pages' summary and the order mails alike
 * (issue 43: a mail whose figures did not add up): subtotal, the coupon taken off, delivery (shown
 * even when free: a buyer looks for it) and its discount, VAT per rate saying whether it is in the
 * prices or added (otherwise the treatment's words), and the total. A discount that is zero is left
 * out. The amounts are the order's own, kept when it was priced, so they add up to the cent:
 * subtotal - coupon + delivery - delivery discount + added VAT = total.
 */
export function orderFigureRows(figures: OrderFigures, couponCode?: string | null): { kind: FigureRowKind; label: string; value: string }[] {
  const added = figures.addedVat > 0;
  const vat =
    figures.vatTreatment === 'domestic'
      ? figures.vat.map((share) => ({ kind: 'vat' as const, label: `VAT ${share.rate}% ${added ? 'added' : 'included'} (on ${formatMoney(share.net)})`, value: formatMoney(share.vat) }))
      : [{ kind: 'vat' as const, label: 'VAT', value: vatTreatmentWords[figures.vatTreatment] }];
  return [
    { kind: 'subtotal', label: 'Subtotal', value: formatMoney(figures.subtotal) },
    ...(figures.couponDiscount > 0 ? [{ kind: 'coupon' as const, label: couponCode ? `Coupon ${couponCode}` : 'Coupon', value: `-${formatMoney(figures.couponDiscount)}` }] : []),
    { kind: 'delivery', label: 'Delivery', value: figures.deliveryCharge === 0 ? 'Free' : formatMoney(figures.deliveryCharge) },
    ...(figures.deliveryDiscount > 0 ? [{ kind: 'delivery-discount' as const, label: 'Delivery discount', value: `-${formatMoney(figures.deliveryDiscount)}` }] : []),
    ...vat,
    { kind: 'total', label: 'Total', value: formatMoney(figures.total) },
  ];
}
