import type { Order } from '@voltline/shared/order';

const COLUMNS: (keyof Order)[] = [
  '_id', 'purchaseDate', 'product', 'quantity', 'unitPrice', 'price', 'buyer', 'buyerEamil', 'phone', 'address', 'status', 'transactionId', 'delivery',
];

/**
 * One cell. Text that a spreadsheet would run as a formula (=, +, -, @, tab, return) gets a
 * leading apostrophe: customers write addresses and names, admins open the file in Excel.
 */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function ordersToCsv(orders: Order[]): string {
  const lines = [COLUMNS.join(','), ...orders.map((order) => COLUMNS.map((column) => csvCell(order[column])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
