import { percentInHundredths, scaleRoundingHalfUp, spreadByLargestRemainder } from './money.ts';
import type { BusinessBuyer } from './business-accounts.ts';
import { vatTreatmentWords, type VatTreatment } from './order-figures.ts';
import { vatIdMessages, type VatIdEvidence } from './vat-checks.ts';
import type { StoredPricing, VatShare } from './pricing.ts';
import { formatLongDate } from './shop-constants.ts';

/*
 * What an invoice or a credit note shows of an order's money (issue 29, decision 038): every figure
 * art. 226 of the VAT Directive (2006/112/EC) asks for, copied when the document is issued. Pure and
 * in cents, like pricing.ts, whose stored quote these figures are read from.
 */

/** One line of goods as a document prints it; all amounts in cents. */
interface DocumentLine {
  product: string;
  quantity: number;
  /** The unit price without VAT (art. 226 (8)). */
  unitNet: number;
  /** quantity x the unit price as charged (with VAT in it when the shop's prices include VAT). */
  lineTotal: number;
  /** The line's share of the coupon (art. 226 (8): discounts not in the unit price). */
  discount: number;
  vatRate: number;
  net: number;
  vat: number;
}

/** The delivery as a line of its own: the charge, the promotion's discount, and its VAT at the standard rate. */
interface DocumentDelivery {
  unitNet: number;
  charge: number;
  discount: number;
  vatRate: number;
  net: number;
  vat: number;
}

export interface DocumentFigures {
  vatTreatment: VatTreatment;
  /** The buyer's VAT id, where given (art. 226 (4)). */
  buyerVatId: string | null;
  /** The approved business account billed (issue 39): the company and its billing address; absent on earlier documents. */
  buyerCompany?: BusinessBuyer | null;
  /** What allowed a reverse charge on buyerVatId (the VIES check and its consultation number, or an admin's confirmation). */
  vatIdEvidence?: VatIdEvidence | null;
  /** Where the goods went (ISO code); null for orders placed before the shop priced deliveries. */
  country: string | null;
  lines: DocumentLine[];
  /** Null for orders placed before the shop charged deliveries. */
  delivery: DocumentDelivery | null;
  /** Per rate, ascending: the taxable amount and the VAT (art. 226 (8)-(10)). On a credit note, what it credits. */
  vat: VatShare[];
  /** What the invoice asks, or what the credit note credits: the rates' net + VAT added up. */
  total: number;
  /** The business buyer's purchase order number, as typed at checkout (issue 39); absent on earlier documents. */
  purchaseOrderNumber?: string | null;
  /** An order on account (decision 060): due by this day, to this account, with this reference. */
  onAccount?: OnAccountInvoice | null;
}

/** How an invoice of an order on account asks to be paid. */
interface OnAccountInvoice {
  /** YYYY-MM-DD. */
  dueOn: string;
  iban: string;
  bic: string;
  /** What the transfer should say: the invoice's number. */
  paymentReference: string;
}

/** A line of an order as placed (order_lines), in its position. */
interface PlacedLine {
  product: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** A price without its VAT when it was in it: the same rounding as the quote's (decision 035). */
function unitNetOf(price: number, rate: number, vatInPrice: boolean): number {
  if (!vatInPrice || rate === 0) return price;
  const hundredths = percentInHundredths(rate);
  return price - scaleRoundingHalfUp(price, hundredths, 10_000 + hundredths);
}

/**
 * An invoice's figures: the stored quote of the order, its lines named from the order's lines (in
 * the same order). An order placed before the shop priced orders (pricing null) paid its price and
 * no VAT: one rate 0, treatment none, no delivery line, as its invoice was printed before.
 */
export function invoiceFigures(pricing: StoredPricing | null, lines: readonly PlacedLine[], totalCents: number): DocumentFigures {
  if (pricing === null) {
    return {
      vatTreatment: 'none',
      buyerVatId: null,
      country: null,
      lines: lines.map((line) => ({
        product: line.product,
        quantity: line.quantity,
        unitNet: line.unitPriceCents,
        lineTotal: line.lineTotalCents,
        discount: 0,
        vatRate: 0,
        net: line.lineTotalCents,
        vat: 0,
      })),
      delivery: null,
      vat: [{ rate: 0, net: totalCents, vat: 0 }],
      total: totalCents,
    };
  }
  const { quote } = pricing;
  // VAT added on top means the prices were without it; otherwise any VAT was inside them.
  const vatInPrice = quote.addedVat === 0;
  return {
    vatTreatment: quote.vatTreatment,
    buyerVatId: pricing.vatId,
    buyerCompany: pricing.business ?? null,
    vatIdEvidence: quote.vatTreatment === 'reverse-charge' ? (pricing.vatIdEvidence ?? null) : null,
    country: pricing.country,
    lines: quote.lines.map((quoted, position) => ({
      product: lines[position]?.product ?? '',
      quantity: quoted.quantity,
      unitNet: unitNetOf(quoted.unitPrice, quoted.vatRate, vatInPrice),
      lineTotal: quoted.lineTotal,
      discount: quoted.discount,
      vatRate: quoted.vatRate,
      net: quoted.net,
      vat: quoted.vat,
    })),
    delivery: {
      unitNet: unitNetOf(quote.deliveryCharge, quote.delivery.vatRate, vatInPrice),
      charge: quote.deliveryCharge,
      discount: quote.deliveryDiscount,
      ...quote.delivery,
    },
    vat: quote.vat.map((share) => ({ ...share })),
    total: quote.total,
  };
}

/**
 * A credit note for `amountCents` of an invoice: each rate's taxable amount and VAT reversed in
 * proportion to the amount, spread by largest remainder over every rate's net and VAT together, so
 * the shares add up to the amount credited to the cent. A refund of the whole total gives back each
 * figure exactly.
 */
export function creditNoteFigures(invoice: DocumentFigures, amountCents: number): DocumentFigures {
  const parts = spreadByLargestRemainder(
    amountCents,
    invoice.vat.flatMap((share) => [share.net, share.vat]),
  );
  return {
    ...invoice,
    vat: invoice.vat.map((share, index) => ({ rate: share.rate, net: parts[2 * index]!, vat: parts[2 * index + 1]! })),
    total: amountCents,
  };
}

/** What a document lists of its goods, a row each: a line of goods, or the delivery as a line (art. 226 (6)-(8)). All amounts in cents. */
export interface DocumentItem {
  kind: 'goods' | 'delivery';
  /** The tool's name, "Delivery", or on a credit note of a part what the rate's part is of. */
  description: string;
  quantity: number;
  unitNet: number;
  discount: number;
  vatRate: number;
  net: number;
  vat: number;
}

/**
 * An invoice's items: its lines of goods in their order, then the delivery. The PDF draws them and
 * the e-invoice (invoices/e-invoice.ts) lists them: one owner of what a document lists.
 */
export function invoiceItems(figures: DocumentFigures): DocumentItem[] {
  const items: DocumentItem[] = figures.lines.map((line) => ({
    kind: 'goods',
    description: line.product,
    quantity: line.quantity,
    unitNet: line.unitNet,
    discount: line.discount,
    vatRate: line.vatRate,
    net: line.net,
    vat: line.vat,
  }));
  const { delivery } = figures;
  if (delivery) items.push({ kind: 'delivery', description: 'Delivery', quantity: 1, unitNet: delivery.unitNet, discount: delivery.discount, vatRate: delivery.vatRate, net: delivery.net, vat: delivery.vat });
  return items;
}

/**
 * What a credit note credits (issue 43: it repeated the whole invoice). A refund of the whole
 * invoice (`whole`) credits each of its items as invoiced; a part of it credits each rate's share
 * (creditNoteFigures) as one item, named by what the invoice had at that rate ("Part of: ...").
 */
export function creditedItems(figures: DocumentFigures): { whole: boolean; items: DocumentItem[] } {
  const invoiced = invoiceItems(figures);
  if (figures.total === invoiced.reduce((sum, item) => sum + item.net + item.vat, 0)) return { whole: true, items: invoiced };
  return {
    whole: false,
    items: figures.vat.map((share) => {
      const atRate = invoiced.filter((item) => item.vatRate === share.rate).map(creditedLabel);
      return { kind: 'goods', description: `Part of: ${atRate.join(', ')}`, quantity: 1, unitNet: share.net, discount: 0, vatRate: share.rate, net: share.net, vat: share.vat };
    }),
  };
}

/** How a credit note names an invoiced item it credits: "Drill x 2", "Delivery". */
export const creditedLabel = (item: DocumentItem): string => (item.kind === 'goods' ? `${item.description} x ${item.quantity}` : item.description);

/**
 * Why a document charges no VAT, in the law's words (art. 226 (11)-(12)), or the shop's VAT note
 * when it charges none: the PDF prints it, the e-invoice gives it as the exemption reason (BT-120).
 */
export function exemptionWords(figures: DocumentFigures, vatNote: string): string | undefined {
  if (figures.vatTreatment === 'reverse-charge') {
    return `${vatTreatmentWords['reverse-charge']} (Article 196 of Directive 2006/112/EC). Intra-Community supply of goods, exempt under Article 138.`;
  }
  if (figures.vatTreatment === 'export') return `${vatTreatmentWords.export}: exempt under Article 146 of Directive 2006/112/EC.`;
  if (figures.vatTreatment === 'none') return vatNote || undefined;
  return undefined;
}

/**
 * The words a document prints of its VAT treatment: the exemption and, for a reverse charge, the
 * proof that the buyer's VAT id was valid when supplied to (issue 39): the VIES check's date and
 * consultation number, or the shop's confirmation.
 */
export function treatmentWords(figures: DocumentFigures, vatNote: string): string | undefined {
  const words = exemptionWords(figures, vatNote);
  if (figures.vatTreatment === 'reverse-charge' && figures.vatIdEvidence) return `${words} ${vatIdMessages.evidence(figures.vatIdEvidence)}`;
  return words;
}

/** What a credit note says of the invoice it refers to and why (art. 219): its PDF prints them, its e-invoice carries them as notes. */
export const creditNoteWords = {
  /** In UTC: the same document says the same date wherever the server runs. */
  creditFor: (invoiceNumber: string, invoiceIssuedAt: Date) => `Credit for invoice ${invoiceNumber} of ${formatLongDate(invoiceIssuedAt, 'UTC')}.`,
  reason: (reason: string) => `Reason: ${reason}`,
};
