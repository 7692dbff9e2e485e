import type { Order } from '@voltline/shared/order';

/** An order as the export writes it: the API's fields and when it was cancelled (an ISO time), if it was. */
export type ExportedOrder = Order & { cancelledAt: string | null };

/**
 * The spec's fields, then what the books need beside them (issue 26): the whole dollars given back
 * (`price` stays what was charged) and when the order was cancelled, empty for a live one; last,
 * every line of the order in one cell (a row per order, so summing `price` still sums the orders;
 * decision 037); then the delivery address's fields and its country (issue 36), empty for an
 * address given as one text (`address` holds it either way).
 */
const COLUMNS: (keyof ExportedOrder)[] = [
  '_id', 'purchaseDate', 'product', 'quantity', 'unitPrice', 'price', 'buyer', 'buyerEamil', 'phone', 'address', 'status', 'transactionId', 'delivery',
  'refundedAmount', 'cancelledAt', 'lines',
  'deliveryName', 'deliveryStreet', 'deliveryPostcode', 'deliveryCity', 'country',
];

/** "2 x Drill at 10 = 20; 1 x Battery at 5 = 5": units, name, unit price and line total in whole dollars, as the columns before. */
const linesText = (lines: Order['lines']) => lines.map((line) => `${line.quantity} x ${line.product} at ${line.unitPrice} = ${line.lineTotal}`).join('; ');

/**
 * Customers write addresses and names, admins open the file in a spreadsheet, which runs a cell
 * starting with = + - @ (or their full-width forms, or any of them after spaces it may trim) as a
 * formula. Following OWASP's CSV-injection guidance such text gets a leading apostrophe, and so
 * does every place inside a cell where a spreadsheet splitting on another separator (`;` in much
 * of Europe, tab, pipe) or on a bare line break would start a cell of its own.
 */
const FORMULA_AT_START = /^(?:[\t\r\n]|[\s"]*[=+\-@＝＋－＠])/u;
// A quote counts as space here: written as `""`, it reads as an empty quoted text in front of the formula.
const FORMULA_AFTER_SEPARATOR = /([,;\t|\r\n])(?=[\s"]*[=+\-@＝＋－＠])/gu;
/** Letters, digits and . _ : / - cannot be split by any separator; every other cell is quoted. */
const PLAIN = /^[\p{L}\p{N}._:/-]*$/u;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string') {
    if (FORMULA_AT_START.test(text)) text = `'${text}`;
    text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  }
  return PLAIN.test(text) ? text : `"${text.replaceAll('"', '""')}"`;
}

const csvLine = (order: ExportedOrder) => `${COLUMNS.map((column) => csvCell(column === 'lines' ? linesText(order.lines) : order[column])).join(',')}\r\n`;

/** The CSV text, a batch of orders at a time, so a million orders stream through flat memory. */
export async function* ordersToCsv(batches: AsyncIterable<ExportedOrder[]>): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\r\n`;
  for await (const batch of batches) yield batch.map(csvLine).join('');
}
