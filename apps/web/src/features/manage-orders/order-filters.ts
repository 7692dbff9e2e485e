import { adminOrdersQuerySchema, type AdminOrdersQuery } from '@voltline/shared/order';

/** The four views of Manage All Orders (spec 2), named as the server names their CSV export. */
export type OrderFilter = 'pending' | 'shipped' | 'unpaid' | 'all';

const FILTER_QUERIES = {
  pending: { delivery: 'pending' },
  shipped: { delivery: 'shipped' },
  unpaid: { status: 'unpaid' },
  all: {},
} as const satisfies Record<OrderFilter, AdminOrdersQuery>;

/** The filter buttons, in the order the spec lists them. */
export const ORDER_FILTER_BUTTONS: readonly { filter: OrderFilter; label: string }[] = [
  { filter: 'pending', label: 'Pending orders' },
  { filter: 'shipped', label: 'Shipped orders' },
  { filter: 'unpaid', label: 'Unpaid orders' },
  { filter: 'all', label: 'All orders' },
];

/** The API query of a filter, e.g. { delivery: 'pending' }; the page's address carries the same one. */
export function queryOf(filter: OrderFilter): Record<string, string> {
  return FILTER_QUERIES[filter];
}

/** The query string for /adminPurchased and its export: '' for all orders, else '?delivery=pending' etc. */
export function queryStringOf(filter: OrderFilter): string {
  const query = new URLSearchParams(queryOf(filter)).toString();
  return query ? `?${query}` : '';
}

/**
 * Reads the filter from the page's address with the API's own schema, so a bookmarked or shared
 * link opens the same view; anything it does not recognise shows all orders. Status wins over
 * delivery, as on the server.
 */
export function filterOf(searchParams: URLSearchParams): OrderFilter {
  const query = adminOrdersQuerySchema.safeParse(Object.fromEntries(searchParams));
  if (!query.success) return 'all';
  return query.data.status ?? query.data.delivery ?? 'all';
}
