import { fromCents, shopMoney, toCents } from '@voltline/shared/money';
import type { Order } from '@voltline/shared/order';
import { csvCell } from '../platform/csv-cell.ts';

/** An order as the export writes it: the API's fields, when it was placed and when it was cancelled (ISO times; null for a live one). */
export type ExportedOrder = Order & { placedAt: string; cancelledAt: string | null };

/** Columns worked out from the order's fields, or the shop's, rather than copied. */
type Derived = 'vatAmount' | 'currency';

/**
 * The spec's fields, then what the books need beside them (issue 26): the amount given back
 * (`price` stays what was charged) and when the order was cancelled, empty for a live one; last,
 * every line of the order in one cell (a row per order, so summing `price` still sums the orders;
 * decision 037); then the delivery address's fields and its country (issue 36), empty for an
 * address given as one text (`address` holds it either way); then what an accountant sorts and
 * reconciles by (issue 43): when it was placed as an ISO time (the spec's `purchaseDate` is text
 * no spreadsheet sorts), its invoice's number, the buyer's VAT id and the VAT treatment, the coupon
 * and its discount, the delivery charge and its discount, and the VAT in all; last, the number people
 * name the order by (`VL-10042`), added at the end so that sheets reading the columns before by
 * position still read them; after it, the currency every amount of the row is in (SHOP_CURRENCY,
 * ISO 4217; decision 067), the amounts themselves staying plain numbers a spreadsheet adds.
 */
const COLUMNS: (keyof ExportedOrder | Derived)[] = [
  '_id', 'purchaseDate', 'product', 'quantity', 'unitPrice', 'price', 'buyer', 'buyerEamil', 'phone', 'address', 'status', 'transactionId', 'delivery',
  'refundedAmount', 'cancelledAt', 'lines',
  'deliveryName', 'deliveryStreet', 'deliveryPostcode', 'deliveryCity', 'country',
  'placedAt', 'invoiceNumber', 'vatId', 'vatTreatment', 'couponCode', 'couponDiscount', 'deliveryCharge', 'deliveryDiscount', 'vatAmount',
  'orderNumber', 'currency',
];

/** "2 x Drill at 10 = 20; 1 x Battery at 5 = 5": units, name, unit price and line total as plain amounts, as the columns before. */
const linesText = (lines: Order['lines']) => lines.map((line) => `${line.quantity} x ${line.product} at ${line.unitPrice} = ${line.lineTotal}`).join('; ');

/** The VAT of every rate, added in cents. */
const vatAmount = (order: ExportedOrder) => fromCents(order.vat.reduce((sum, share) => sum + toCents(share.vat), 0));

const cellOf = (order: ExportedOrder, column: (typeof COLUMNS)[number]) =>
  column === 'lines' ? linesText(order.lines) : column === 'vatAmount' ? vatAmount(order) : column === 'currency' ? shopMoney().currency : order[column];

const csvLine = (order: ExportedOrder) => `${COLUMNS.map((column) => csvCell(cellOf(order, column))).join(',')}\r\n`;

/** The CSV text, a batch of orders at a time, so a million orders stream through flat memory. */
export async function* ordersToCsv(batches: AsyncIterable<ExportedOrder[]>): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\r\n`;
  for await (const batch of batches) yield batch.map(csvLine).join('');
}
