import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Order } from '@voltline/shared/order';
import { orders } from '../db/schema.ts';
import type { KeysetOrder } from '../platform/paging.ts';

export type OrderRow = typeof orders.$inferSelect;

/**
 * How an order reads, in the API and in webhook payloads: each field of `Order` (shared/order.ts)
 * from the column it is copied from. The TypeScript mapper and the SQL that builds webhook payloads
 * inside one statement (orders/lifecycle/place.ts, through the notifier) are both made from this table, so a
 * new field is one line here (and the type checks it against the row and the shared schema).
 */
const COPIED_FIELDS = {
  _id: 'id',
  toolId: 'toolId',
  product: 'product',
  quantity: 'quantity',
  unitPrice: 'unitPrice',
  price: 'price',
  img: 'img',
  buyer: 'buyer',
  buyerEamil: 'buyerEamil',
  phone: 'phone',
  address: 'address',
  purchaseDate: 'purchaseDate',
  status: 'status',
  transactionId: 'transactionId',
  delivery: 'delivery',
  refundedAmount: 'refundedAmount',
  invoiceNumber: 'invoiceNumber',
} as const satisfies Record<Exclude<keyof Order, 'cancelled'>, keyof OrderRow>;

type CopiedFields = { -readonly [F in keyof typeof COPIED_FIELDS]: OrderRow[(typeof COPIED_FIELDS)[F]] };

export function toOrderDto(row: OrderRow): Order {
  const copied = Object.fromEntries(Object.entries(COPIED_FIELDS).map(([field, key]) => [field, row[key]])) as CopiedFields;
  return { ...copied, cancelled: row.cancelledAt !== null };
}

const columns = getTableColumns(orders);

/** The same order as `toOrderDto`, built by PostgreSQL from a row of `orders` (or of a CTE returning it) named `alias`. */
export function orderJson(alias: string): SQL {
  const copied = Object.entries(COPIED_FIELDS).map(([field, key]) => `'${field}', ${alias}.${columns[key].name}`);
  return sql.raw(`jsonb_build_object(${copied.join(', ')}, 'cancelled', ${alias}.${columns.cancelledAt.name} is not null)`);
}

/** Every order list (My Orders, Manage All Orders, the CSV export) runs newest first. */
export const newestOrdersFirst: KeysetOrder = { key: orders.createdAt, keyType: 'timestamptz', id: orders.id, idType: 'uuid', direction: 'desc' };
