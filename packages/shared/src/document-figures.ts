import { percentInHundredths, scaleRoundingHalfUp, spreadByLargestRemainder } from './money.ts';
import type { BusinessBuyer } from './business-accounts.ts';
import type { VatTreatment } from './order-figures.ts';
import type { VatIdEvidence } from './vat-checks.ts';
import type { StoredPricing, VatShare } from './pricing.ts';

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
