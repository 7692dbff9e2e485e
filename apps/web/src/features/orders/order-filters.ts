import { adminOrdersQuerySchema, type AdminOrdersQuery } from '@voltline/shared/order';

/**
 * The four views of Manage All Orders (product.md, "Screens"), the refunded orders (any money given back,
 * cancelled ones included) and the cancelled ones, named as the server names their CSV export.
 */
export type OrderFilter = 'pending' | 'shipped' | 'unpaid' | 'refunded' | 'cancelled' | 'all';

const FILTER_QUERIES = {
  pending: { delivery: 'pending' },
  shipped: { delivery: 'shipped' },
  unpaid: { status: 'unpaid' },
  refunded: { status: 'refunded' },
  cancelled: { status: 'cancelled' },
  all: {},
} as const satisfies Record<OrderFilter, Pick<AdminOrdersQuery, 'delivery' | 'status'>>;

/** The filter buttons, in the order the spec lists them; Refunded and Cancelled, which the spec does not have, last. */
export const ORDER_FILTER_BUTTONS: readonly { filter: OrderFilter; label: string }[] = [
  { filter: 'pending', label: 'Pending orders' },
  { filter: 'shipped', label: 'Shipped orders' },
  { filter: 'unpaid', label: 'Unpaid orders' },
  { filter: 'all', label: 'All orders' },
  { filter: 'refunded', label: 'Refunded orders' },
  { filter: 'cancelled', label: 'Canceled orders' },
];

/** The API query of a filter, e.g. { delivery: 'pending' }; the page's address carries the same one. */
export function queryOf(filter: OrderFilter): Record<string, string> {
  return FILTER_QUERIES[filter];
}

/** Shows another filter in the page's address, in place of the one there (search and the rest stay). */
export function putFilter(params: URLSearchParams, filter: OrderFilter): void {
  params.delete('delivery');
  params.delete('status');
  for (const [name, value] of Object.entries(queryOf(filter))) params.set(name, value);
}

// Only the filter's own parameters: the search and page beside them in the address are not its business.
const filterQuerySchema = adminOrdersQuerySchema.pick({ delivery: true, status: true });

/**
 * Reads the filter from the page's address with the API's own schema, so a bookmarked or shared
 * link opens the same view; anything it does not recognise shows all orders. Status wins over
 * delivery, as on the server.
 */
export function filterOf(searchParams: URLSearchParams): OrderFilter {
  const query = filterQuerySchema.safeParse({
    delivery: searchParams.get('delivery') ?? undefined,
    status: searchParams.get('status') ?? undefined,
  });
  if (!query.success) return 'all';
  return query.data.status ?? query.data.delivery ?? 'all';
}
