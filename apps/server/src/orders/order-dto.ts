import { asc, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { centsAsAmountSql, fromCents } from '@voltline/shared/money';
import type { Order, OrderLine } from '@voltline/shared/order';
import { formatOrderNumber, ORDER_NUMBER_PREFIX } from '@voltline/shared/order-number';
import type { Quote } from '@voltline/shared/pricing';
import type { DbExecutor } from '../db/client.ts';
import { orderLines, orders } from '../db/schema.ts';
import type { KeysetOrder } from '../platform/paging.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

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
  img: 'img',
  buyer: 'buyer',
  buyerEamil: 'buyerEamil',
  phone: 'phone',
  address: 'address',
  purchaseDate: 'purchaseDate',
  status: 'status',
  transactionId: 'transactionId',
  delivery: 'delivery',
  invoiceNumber: 'invoiceNumber',
  deliveryName: 'deliveryName',
  deliveryStreet: 'deliveryStreet',
  deliveryPostcode: 'deliveryPostcode',
  deliveryCity: 'deliveryCity',
  shippedUnits: 'shippedUnits',
  paymentDueOn: 'paymentDueOn',
  purchaseOrderNumber: 'purchaseOrderNumber',
} as const satisfies Record<Exclude<keyof Order, 'orderNumber' | 'cancelled' | 'refundableAmount' | 'lines' | keyof typeof MONEY_FIELDS | keyof OrderFigures>, keyof OrderRow>;

/** The order's amounts: kept in cents, answered in dollars with two decimals (decision 035). */
const MONEY_FIELDS = {
  unitPrice: 'unitPriceCents',
  price: 'priceCents',
  refundedAmount: 'refundedCents',
  bankPaidAmount: 'bankPaidCents',
} as const satisfies Partial<Record<keyof Order, keyof OrderRow>>;

type CopiedFields = { -readonly [F in keyof typeof COPIED_FIELDS]: OrderRow[(typeof COPIED_FIELDS)[F]] };
type MoneyFields = Record<keyof typeof MONEY_FIELDS, number>;

/** Each field of `OrderLine` from its column of `order_lines`, for the mapper and the SQL below alike. */
const LINE_FIELDS = {
  toolId: 'toolId',
  product: 'product',
  img: 'img',
  quantity: 'quantity',
} as const satisfies Record<Exclude<keyof OrderLine, keyof typeof LINE_MONEY_FIELDS>, keyof OrderLineRow>;

const LINE_MONEY_FIELDS = {
  unitPrice: 'unitPriceCents',
  lineTotal: 'lineTotalCents',
} as const satisfies Partial<Record<keyof OrderLine, keyof OrderLineRow>>;

/** Each field from its column, the amounts from cents to dollars. */
function fieldsOf<Row extends Record<string, unknown>>(row: Row, copied: Record<string, keyof Row>, money: Record<string, keyof Row>) {
  return {
    ...Object.fromEntries(Object.entries(copied).map(([field, key]) => [field, row[key]])),
    ...Object.fromEntries(Object.entries(money).map(([field, key]) => [field, fromCents(row[key] as number)])),
  };
}

const toOrderLineDto = (line: OrderLineRow): OrderLine => fieldsOf(line, LINE_FIELDS, LINE_MONEY_FIELDS) as OrderLine;

type OrderFigures = Pick<Order, 'subtotal' | 'deliveryCharge' | 'deliveryDiscount' | 'couponDiscount' | 'addedVat' | 'total' | 'vat' | 'vatTreatment' | 'country' | 'couponCode' | 'vatId' | 'companyName'>;

/** A quote's figures in dollars, as the checkout's quote and every order answer them. */
export function quoteFigures(quote: Quote) {
  return {
    subtotal: fromCents(quote.subtotal),
    deliveryCharge: fromCents(quote.deliveryCharge),
    deliveryDiscount: fromCents(quote.deliveryDiscount),
    couponDiscount: fromCents(quote.couponDiscount),
    addedVat: fromCents(quote.addedVat),
    total: fromCents(quote.total),
    vat: quote.vat.map((share) => ({ rate: share.rate, net: fromCents(share.net), vat: fromCents(share.vat) })),
    vatTreatment: quote.vatTreatment,
  };
}

/**
 * What the order costs, as stored at checkout. An order placed before checkout priced orders
 * (pricing null) answers its price as subtotal and total, without VAT, as it was issued.
 */
export function orderFigures(row: Pick<OrderRow, 'pricing' | 'priceCents'>): OrderFigures {
  const { pricing } = row;
  if (!pricing) {
    const price = fromCents(row.priceCents);
    return {
      subtotal: price,
      deliveryCharge: 0,
      deliveryDiscount: 0,
      couponDiscount: 0,
      addedVat: 0,
      total: price,
      vat: [{ rate: 0, net: price, vat: 0 }],
      vatTreatment: 'none',
      country: null,
      couponCode: null,
      vatId: null,
      companyName: null,
    };
  }
  return { ...quoteFigures(pricing.quote), country: pricing.country, couponCode: pricing.couponCode, vatId: pricing.vatId, companyName: pricing.business?.companyName ?? null };
}

/** An order as the API answers it: its own row and its lines (in `position` order). */
export function toOrderDto(row: OrderRow, lines: readonly OrderLineRow[]): Order {
  const copied = fieldsOf(row, COPIED_FIELDS, MONEY_FIELDS) as CopiedFields & MoneyFields;
  return {
    ...copied,
    orderNumber: formatOrderNumber(row.number),
    cancelled: row.cancelledAt !== null,
    refundableAmount: fromCents(row.priceCents - row.refundedCents),
    lines: lines.map(toOrderLineDto),
    ...orderFigures(row),
  };
}

/**
 * The lines of the given orders, in one query on the lines' primary key (order_id, position): a
 * page of orders reads its lines by the page's ids, never through a join that would change what
 * the page holds.
 */
export async function linesOfOrders(executor: DbExecutor, orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await executor
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const line of rows) byOrder.get(line.orderId)?.push(line);
  return byOrder;
}

/** Orders as the API answers them, their lines read in one query. */
export async function toOrderDtos(executor: DbExecutor, rows: readonly OrderRow[]): Promise<Order[]> {
  const lines = await linesOfOrders(executor, rows.map((row) => row.id));
  return rows.map((row) => toOrderDto(row, lines.get(row.id) ?? []));
}

/** One order as the API answers it, with its lines. */
export async function orderWithLines(executor: DbExecutor, row: OrderRow): Promise<Order> {
  const [order] = await toOrderDtos(executor, [row]);
  return order!;
}

const columns = getTableColumns(orders);
/** A constant of the shop's own as an SQL string literal. */
const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
const lineColumns = getTableColumns(orderLines);

/**
 * The same order as `toOrderDto`, built by PostgreSQL from a row of `orders` (or of a CTE returning
 * it) named `alias`, its lines from `order_lines` or from a CTE returning lines (`lines`): a line
 * inserted by the same statement is not yet seen in the table. Its figures (orderFigures) are the
 * server's, worked out before the statement: `figures`.
 */
export function orderJson(alias: string, lines: string, figures: OrderFigures): SQL {
  const copied = [
    ...Object.entries(COPIED_FIELDS).map(([field, key]) => `'${field}', ${alias}.${columns[key].name}`),
    ...Object.entries(MONEY_FIELDS).map(([field, key]) => `'${field}', ${centsAsAmountSql(`${alias}.${columns[key].name}`)}`),
  ];
  const line = [
    ...Object.entries(LINE_FIELDS).map(([field, key]) => `'${field}', l.${lineColumns[key].name}`),
    ...Object.entries(LINE_MONEY_FIELDS).map(([field, key]) => `'${field}', ${centsAsAmountSql(`l.${lineColumns[key].name}`)}`),
  ];
  const refundable = centsAsAmountSql(`(${alias}.${columns.priceCents.name} - ${alias}.${columns.refundedCents.name})`);
  const lineArray = `(select coalesce(jsonb_agg(jsonb_build_object(${line.join(', ')}) order by l.position), '[]'::jsonb) from ${lines} l where l.order_id = ${alias}.id)`;
  // As formatOrderNumber writes it for the TypeScript mapper.
  const orderNumber = `${sqlText(ORDER_NUMBER_PREFIX)} || ${alias}.${columns.number.name}`;
  const built = sql.raw(`jsonb_build_object(${copied.join(', ')}, 'orderNumber', ${orderNumber}, 'cancelled', ${alias}.${columns.cancelledAt.name} is not null, 'refundableAmount', ${refundable}, 'lines', ${lineArray})`);
  return sql`(${built} || ${JSON.stringify(figures)}::jsonb)`;
}

/** Every order list (My Orders, Manage All Orders, the CSV export) runs newest first. */
export const newestOrdersFirst: KeysetOrder = { key: orders.createdAt, keyType: 'timestamptz', id: orders.id, idType: 'uuid', direction: 'desc' };
