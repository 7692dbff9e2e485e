import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import { orderNumberSearched } from '@voltline/shared/order-number';
import { fromCents } from '@voltline/shared/money';
import type { z } from 'zod';
import { LOW_STOCK_SHOWN, type AdminOrdersQuery, type Order, type OrderEvent, type refundOrderSchema, type ShopOverview } from '@voltline/shared/order';
import type { Database } from '../db/client.ts';
import { orderEvents, orders, orderSearchText, shippedSerials, shopDayTotals, tools } from '../db/schema.ts';
import { utcDay } from '../platform/utc-day.ts';
import { toLowStockTool } from './low-stock.ts';
import { notFound } from '../platform/app-error.ts';
import type { Caller } from '../identity/caller.ts';
import { likePattern, mapPage, type Page, type Paging } from '../platform/paging.ts';
import { linesOfOrders, newestOrdersFirst, toOrderDto, toOrderDtos, type OrderRow } from './order-dto.ts';
import type { ExportedOrder } from './orders-csv.ts';
import type { OrderLifecycle } from './lifecycle/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longer than any placement takes from its start (its creation time) to its commit. */
const PLACEMENT_SETTLES_MS = 60 * 60 * 1000;
/** Orders read per query while a CSV streams: small enough that memory stays flat, large enough to be quick. */
const EXPORT_BATCH_SIZE = 250;
const orderNotFound = () => notFound('Order not found');

/**
 * All orders means every one, cancelled ones included (a shop's books); Cancelled lists those alone,
 * Refunded every order with money given back. Pending, Shipped and Unpaid are work still to do, so
 * they hold live orders only. Each is served by an index of its own (schema.ts).
 */
function filterFor(query: AdminOrdersQuery): SQL | undefined {
  if (query.status === 'cancelled') return isNotNull(orders.cancelledAt);
  if (query.status === 'refunded') return gt(orders.refundedCents, 0);
  const live = isNull(orders.cancelledAt);
  if (query.status === 'unpaid') return and(live, eq(orders.status, 'unpaid'));
  if (query.delivery) return and(live, eq(orders.delivery, query.delivery));
  return undefined;
}

/** A trigram index finds text inside a field; it has nothing to look up for fewer than three characters. */
const SHORTEST_INSIDE_SEARCH = 3;

/**
 * An admin looks an order up by what the customer tells them: its number (`VL-10042`), its id, a part of the buyer's email
 * or name, of the product or of the address, or the payment's transaction id. Each branch is served
 * by an index: trigrams of the texts (decision 028), equality on the number, the id, the transaction
 * id and a serial number shipped in its parcels. One or
 * two characters match the start of the email, name or product (prefix LIKE on the lower-cased text).
 */
function searchFor(q: string | undefined): SQL | undefined {
  if (q === undefined) return undefined;
  const byId = entityIdSchema.safeParse(q.toLowerCase());
  const byText =
    q.length >= SHORTEST_INSIDE_SEARCH
      ? [sql`${orderSearchText(orders)} like ${likePattern(q, 'contains')}`]
      : [orders.buyerEamil, orders.buyer, orders.product].map((column) => sql`lower(${column}) like ${likePattern(q, 'prefix')}`);
  // "VL-10042" or "10042": the order's number, on its unique index (issue 43).
  const byNumber = orderNumberSearched(q);
  // A serial number shipped in one of its parcels (issue 38): equality on the serials' own index.
  // `= any(array(...))`, not `in (select ...)`: the array is read once before the scan, so its ids
  // join the other branches' bitmap on the primary key; the subquery made PostgreSQL filter every
  // order newest first (2.9 s at a million orders, docs/benchmarks.md).
  const bySerial = sql`${orders.id} = any(array(select ${shippedSerials.orderId} from ${shippedSerials} where ${shippedSerials.serialNumber} = ${q.trim()}))`;
  return or(byId.success ? eq(orders.id, byId.data) : undefined, byNumber === undefined ? undefined : eq(orders.number, byNumber), ...byText, eq(orders.transactionId, q), bySerial);
}

/** Order work for admins: the lists, history, export, overview; shipping, cancelling and refunds go to the lifecycle. */
export function createAdminOrdersService(db: Database, lifecycle: OrderLifecycle, paging: Paging) {
  /** A page of the rows of pending, shipped, unpaid, refunded, cancelled or all orders, newest first. */
  async function listRows(query: AdminOrdersQuery): Promise<Page<OrderRow>> {
    const page = paging.page({
      list: 'admin-orders',
      order: newestOrdersFirst,
      scope: { status: query.status, delivery: query.delivery, q: query.q },
      query,
    });
    const select = db.select({ order: orders, cursorKey: page.cursorKey }).from(orders).$dynamic();
    return mapPage(await page.read(select, and(filterFor(query), searchFor(query.q)), (row) => row.order.id), (row) => row.order);
  }

  /** Orders placed on each of these days (UTC), from the creation-time index: only the days asked for are read. */
  async function placedPerDay(dates: string[]): Promise<Map<string, number>> {
    if (dates.length === 0) return new Map();
    const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await db
      .select({ date: day, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(gte(orders.createdAt, new Date(Date.parse(dates[0]!))), lt(orders.createdAt, new Date(Date.parse(dates.at(-1)!) + DAY_MS))))
      .groupBy(day);
    return new Map(rows.filter((row) => dates.includes(row.date)).map((row) => [row.date, row.count]));
  }

  return {
    /** GET /adminPurchased: a page of orders as the API answers them. */
    async listOrders(query: AdminOrdersQuery): Promise<Page<Order>> {
      const page = await listRows(query);
      return { items: await toOrderDtos(db, page.items), nextCursor: page.nextCursor };
    },

    /**
     * Every order the filters match, in batches read one after another as the CSV is written:
     * a million orders never sit in memory at once. Each with when it was cancelled, for the books.
     */
    async *exportOrders(query: AdminOrdersQuery): AsyncGenerator<ExportedOrder[]> {
      let cursor: string | undefined;
      do {
        const page = await listRows({ ...query, limit: EXPORT_BATCH_SIZE, cursor });
        const lines = await linesOfOrders(db, page.items.map((row) => row.id));
        yield page.items.map((row) => ({
          ...toOrderDto(row, lines.get(row.id) ?? []),
          placedAt: row.createdAt.toISOString(),
          cancelledAt: row.cancelledAt?.toISOString() ?? null,
        }));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
    },

    /** PATCH /deliverConfirm/{id}: ships a paid order and lowers the stock (lifecycle/ship.ts). */
    shipOrder: (admin: Caller, orderId: string) => lifecycle.ship(admin, orderId),

    /** DELETE /deletOrder/{id}: an admin cancels an unpaid order; it stays on record. */
    async cancelOrder(admin: Caller, orderId: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const order = await lifecycle.findOrder(orderId);
      if (order.cancelledAt) throw orderNotFound();
      return lifecycle.cancel(admin, order.id, 'admin');
    },

    /** POST /adminPurchased/{id}/refund: some or all of a paid order's money back (lifecycle/refund.ts). */
    refundOrder: (admin: Caller, orderId: string, refund: z.infer<typeof refundOrderSchema>) => lifecycle.refund(admin, orderId, refund),

    /** Every state change of one order, oldest first; cancelled orders included. */
    async orderHistory(orderId: string): Promise<OrderEvent[]> {
      const id = entityIdSchema.safeParse(orderId);
      if (!id.success) throw orderNotFound();
      const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, id.data)).orderBy(asc(orderEvents.at), asc(orderEvents.id));
      if (rows.length === 0) throw orderNotFound();
      return rows.map((row) => ({ type: row.type, at: row.at.toISOString(), actorEmail: row.actorEmail, detail: row.detail }));
    },

    /**
     * Revenue (paid orders less what was refunded, by payment day) and orders placed per day over the
     * last 30 days, and low stock. Read from the days kept in shop_day_totals (decision 038): the
     * revenue written with each payment and refund; a day's placed orders counted once, the first time
     * it is shown after it is over, and the days not yet over counted from the orders as they stand.
     */
    async overview(now = new Date()): Promise<ShopOverview> {
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY_MS);
      const dates = Array.from({ length: 30 }, (_, i) => utcDay(new Date(start.getTime() + i * DAY_MS)));
      const kept = new Map(
        (await db.select().from(shopDayTotals).where(and(gte(shopDayTotals.day, dates[0]!), lte(shopDayTotals.day, dates.at(-1)!)))).map((row) => [row.day, row]),
      );
      // A day is over for good once no order placed in it can still be committing (placing takes its time at its start).
      const settled = (date: string) => Date.parse(date) + DAY_MS + PLACEMENT_SETTLES_MS <= now.getTime();
      const uncounted = dates.filter((date) => settled(date) && kept.get(date)?.placedOrders == null);
      const live = dates.filter((date) => !settled(date));
      const counted = await placedPerDay([...uncounted, ...live]);
      if (uncounted.length > 0) {
        await db
          .insert(shopDayTotals)
          .values(uncounted.map((date) => ({ day: date, placedOrders: counted.get(date) ?? 0 })))
          .onConflictDoUpdate({ target: shopDayTotals.day, set: { placedOrders: sql`excluded.placed_orders` } });
      }
      const days = dates.map((date) => {
        const row = kept.get(date);
        return {
          date,
          orders: row?.placedOrders ?? counted.get(date) ?? 0,
          revenue: fromCents((row?.paidCents ?? 0) - (row?.refundedCents ?? 0)),
        };
      });
      // Named a few at a time, the most urgent first: a catalogue can run low on thousands of tools at once.
      const isLow = lt(tools.availableQuantity, tools.minimumOrderQuantity);
      const lowStock = await db
        .select()
        .from(tools)
        .where(isLow)
        .orderBy(desc(sql`${tools.minimumOrderQuantity} - ${tools.availableQuantity}`), asc(tools.toolName), asc(tools.id))
        .limit(LOW_STOCK_SHOWN);
      const [low] = await db.select({ count: sql<number>`count(*)::int` }).from(tools).where(isLow);
      return {
        days,
        lowStockTools: lowStock.map(toLowStockTool),
        lowStockCount: low?.count ?? 0,
      };
    },

    /** Unpaid orders older than the configured number of days are cancelled by the shop itself. */
    cancelExpiredUnpaidOrders: (maxAgeDays: number, now = new Date()) => lifecycle.cancelExpired(maxAgeDays, now),
  };
}
export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
