import { and, asc, eq, gte, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import type { AdminOrdersQuery, Order, OrderEvent, ShopOverview } from '@voltline/shared/order';
import type { Database } from '../db/client.ts';
import { orderEvents, orders, tools } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import type { JsonCache } from '../http/cached-json.ts';
import type { Caller } from '../identity/caller.ts';
import type { OrderNotifier } from '../notifications/order-notifier.ts';
import { likePattern, mapPage, type Page, type Paging } from '../platform/paging.ts';
import { cancelUnpaidOrder } from './cancel-unpaid-order.ts';
import { newestOrdersFirst, toOrderDto } from './order-dto.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPORT_BATCH_SIZE = 2000;
const orderNotFound = () => notFound('Order not found');

function filterFor(query: AdminOrdersQuery): SQL | undefined {
  if (query.status === 'unpaid') return eq(orders.status, 'unpaid');
  if (query.delivery) return eq(orders.delivery, query.delivery);
  return undefined;
}

/**
 * An admin looks an order up by what the customer tells them: its id, the buyer's email or name,
 * the product, or the payment's transaction id. Each branch is served by an index (prefix LIKE on
 * the lower-cased text, equality on the id and transaction id).
 */
function searchFor(q: string | undefined): SQL | undefined {
  if (q === undefined) return undefined;
  const pattern = likePattern(q, 'prefix');
  const byId = entityIdSchema.safeParse(q.toLowerCase());
  return or(
    byId.success ? eq(orders.id, byId.data) : undefined,
    sql`lower(${orders.buyerEamil}) like ${pattern}`,
    sql`lower(${orders.buyer}) like ${pattern}`,
    sql`lower(${orders.product}) like ${pattern}`,
    eq(orders.transactionId, q),
  );
}

/** Order work for admins: the lists, shipping with stock, cancelling, history, export, overview. */
export function createAdminOrdersService(db: Database, catalogueCache: JsonCache, notifier: OrderNotifier, paging: Paging) {
  async function liveOrder(orderId: string) {
    const id = entityIdSchema.safeParse(orderId);
    if (!id.success) throw orderNotFound();
    const [row] = await db.select().from(orders).where(and(eq(orders.id, id.data), isNull(orders.cancelledAt)));
    if (!row) throw orderNotFound();
    return row;
  }

  /** GET /adminPurchased: a page of pending, shipped, unpaid or all live orders, newest first. */
  async function listOrders(query: AdminOrdersQuery): Promise<Page<Order>> {
    const page = paging.page({
      list: 'admin-orders',
      order: newestOrdersFirst,
      scope: { status: query.status, delivery: query.delivery, q: query.q },
      query,
    });
    const rows = await db
      .select({ order: orders, cursorKey: page.cursorKey })
      .from(orders)
      .where(and(isNull(orders.cancelledAt), filterFor(query), searchFor(query.q), page.where))
      .orderBy(...page.orderBy)
      .limit(page.fetchLimit);
    return mapPage(
      page.finish(rows, (row) => row.order.id),
      (row) => toOrderDto(row.order),
    );
  }

  return {
    listOrders,

    /**
     * Every order the filters match, in batches read one after another as the CSV is written:
     * a million orders never sit in memory at once.
     */
    async *exportOrders(query: AdminOrdersQuery): AsyncGenerator<Order[]> {
      let cursor: string | undefined;
      do {
        const page = await listOrders({ ...query, limit: EXPORT_BATCH_SIZE, cursor });
        yield page.items;
        cursor = page.nextCursor;
      } while (cursor !== undefined);
    },

    /**
     * PATCH /deliverConfirm/{id}: pending -> shipped and stock lowered by the order's quantity, in
     * one transaction. Both updates are conditional, so concurrent ships can neither ship an order
     * twice nor take stock below zero: when stock is short the whole thing is refused.
     */
    async shipOrder(admin: Caller, orderId: string): Promise<{ acknowledged: true; modifiedCount: number }> {
      const order = await liveOrder(orderId);
      if (order.status !== 'paid') throw new AppError('CONFLICT', 'Only a paid order can be shipped.');
      const result = await db.transaction(async (tx) => {
        const [shipped] = await tx
          .update(orders)
          .set({ delivery: 'shipped' })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'paid'), eq(orders.delivery, 'pending')))
          .returning();
        if (!shipped) throw new AppError('CONFLICT', 'This order has already been shipped.');
        let detail = `stock -${order.quantity}`;
        if (order.toolId) {
          const lowered = await tx
            .update(tools)
            .set({ availableQuantity: sql`${tools.availableQuantity} - ${order.quantity}` })
            .where(and(eq(tools.id, order.toolId), gte(tools.availableQuantity, order.quantity)))
            .returning();
          if (lowered.length === 0) {
            const [tool] = await tx.select({ available: tools.availableQuantity }).from(tools).where(eq(tools.id, order.toolId));
            throw new AppError(
              'CONFLICT',
              `Not enough stock to ship: ${order.quantity} ordered, ${tool?.available ?? 0} available. Restock the tool first.`,
            );
          }
          const tool = lowered[0]!;
          await notifier.stockChanged(tx, tool, tool.availableQuantity + order.quantity);
        } else {
          detail = 'the tool is no longer in the catalogue: no stock moved';
        }
        await tx.insert(orderEvents).values({ orderId: order.id, type: 'shipped', actorUserId: admin.userId, actorEmail: admin.email, detail });
        await notifier.shipped(tx, shipped);
        return { acknowledged: true as const, modifiedCount: 1 };
      });
      // The catalogue shows stock: it must not keep the old figure.
      catalogueCache.invalidate();
      return result;
    },

    /** DELETE /deletOrder/{id}: an admin cancels an unpaid order; it stays on record. */
    async cancelOrder(admin: Caller, orderId: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const order = await liveOrder(orderId);
      return cancelUnpaidOrder(db, notifier, order.id, admin, 'admin');
    },

    /** Every state change of one order, oldest first; cancelled orders included. */
    async orderHistory(orderId: string): Promise<OrderEvent[]> {
      const id = entityIdSchema.safeParse(orderId);
      if (!id.success) throw orderNotFound();
      const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, id.data)).orderBy(asc(orderEvents.at), asc(orderEvents.id));
      if (rows.length === 0) throw orderNotFound();
      return rows.map((row) => ({ type: row.type, at: row.at.toISOString(), actorEmail: row.actorEmail, detail: row.detail }));
    },

    /** Revenue (paid orders, by payment day) and orders placed per day over the last 30 days, and low stock. */
    async overview(now = new Date()): Promise<ShopOverview> {
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY_MS);
      const day = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
      const placed = await db
        .select({ date: day(orders.createdAt), count: sql<number>`count(*)::int` })
        .from(orders)
        .where(gte(orders.createdAt, start))
        .groupBy(day(orders.createdAt));
      const paid = await db
        .select({ date: day(orderEvents.at), revenue: sql<number>`coalesce(sum(${orders.price}), 0)::int` })
        .from(orderEvents)
        .innerJoin(orders, eq(orders.id, orderEvents.orderId))
        .where(and(eq(orderEvents.type, 'paid'), gte(orderEvents.at, start)))
        .groupBy(day(orderEvents.at));
      const days = Array.from({ length: 30 }, (_, i) => {
        const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        return {
          date,
          orders: placed.find((row) => row.date === date)?.count ?? 0,
          revenue: paid.find((row) => row.date === date)?.revenue ?? 0,
        };
      });
      const lowStock = await db
        .select()
        .from(tools)
        .where(lt(tools.availableQuantity, tools.minimumOrderQuantity))
        .orderBy(asc(tools.toolName));
      return {
        days,
        lowStockTools: lowStock.map((tool) => ({
          _id: tool.id,
          toolName: tool.toolName,
          availableQuantity: tool.availableQuantity,
          minimumOrderQuantity: tool.minimumOrderQuantity,
        })),
      };
    },

    /**
     * Unpaid orders older than the configured number of days are cancelled by the shop itself,
     * recorded in their history. Returns how many.
     */
    async cancelExpiredUnpaidOrders(maxAgeDays: number, now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - maxAgeDays * DAY_MS);
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(orders)
          .set({ cancelledAt: now })
          .where(and(eq(orders.status, 'unpaid'), isNull(orders.cancelledAt), lt(orders.createdAt, cutoff)))
          .returning();
        if (expired.length > 0) {
          await tx.insert(orderEvents).values(
            expired.map(({ id }) => ({ orderId: id, type: 'cancelled' as const, detail: `expired: unpaid for more than ${maxAgeDays} days`, at: now })),
          );
        }
        for (const order of expired) await notifier.cancelled(tx, order, `because it stayed unpaid for more than ${maxAgeDays} days`);
        return expired.length;
      });
    },
  };
}
export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
