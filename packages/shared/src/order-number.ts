/**
 * An order's number as people read it (issue 43): `VL-` and the sequence's number (`VL-10042`). The
 * database keeps the number alone (orders.number); the API's key stays the order's `_id`.
 */
export const ORDER_NUMBER_PREFIX = 'VL-';

export const formatOrderNumber = (number: number): string => `${ORDER_NUMBER_PREFIX}${number}`;

/**
 * The number a search means when it is an order number: `VL-10042`, `vl 10042`, `#10042` or `10042`
 * alone; otherwise undefined (the search is text). Numbers past what a bigint holds are not numbers.
 */
export function orderNumberSearched(q: string): number | undefined {
  const match = /^\s*(?:vl[\s-]?|#)?(\d{1,15})\s*$/i.exec(q);
  return match ? Number(match[1]) : undefined;
}
