import { csvCell } from '../platform/csv-cell.ts';
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

const csvLine = (order: ExportedOrder) => `${COLUMNS.map((column) => csvCell(column === 'lines' ? linesText(order.lines) : order[column])).join(',')}\r\n`;

/** The CSV text, a batch of orders at a time, so a million orders stream through flat memory. */
export async function* ordersToCsv(batches: AsyncIterable<ExportedOrder[]>): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\r\n`;
  for await (const batch of batches) yield batch.map(csvLine).join('');
}
