import { and, eq, isNull, sql } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import type { PageQuery } from '@voltline/shared/paging';
import { orderQuantityMessages, placeOrderSchema, type Order } from '@voltline/shared/order';
import { formatPurchaseDate } from '@voltline/shared/shop-constants';
import { clipText, TEXT_LIMITS } from '@voltline/shared/text-limits';
import type { Database } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { parseOrRefuse } from '../http/parse-body.ts';
import type { Caller } from '../identity/caller.ts';
import type { OrderNotifier } from '../notifications/order-notifier.ts';
import { mapPage, type Page, type Paging } from '../platform/paging.ts';
import { cancelUnpaidOrder } from './cancel-unpaid-order.ts';
import { newestOrdersFirst, toOrderDto, type OrderRow } from './order-dto.ts';

const orderNotFound = () => notFound('Order not found');
/** Whole dollars: the orders table holds totals as 32-bit integers. */
const MAX_ORDER_TOTAL = 2_000_000_000;

export function createOrdersService(db: Database, notifier: OrderNotifier, paging: Paging) {
  /** A live (not cancelled) order the caller may see: their own, or any for an admin. */
  async function findVisibleOrder(caller: Caller, orderId: string): Promise<OrderRow> {
    const id = entityIdSchema.safeParse(orderId);
    if (!id.success) throw orderNotFound();
    const [row] = await db.select().from(orders).where(and(eq(orders.id, id.data), isNull(orders.cancelledAt)));
    if (!row) throw orderNotFound();
    if (row.userId !== caller.userId && caller.role !== 'admin') {
      throw new AppError('FORBIDDEN', 'This order belongs to someone else.');
    }
    return row;
  }

  return {
    findVisibleOrder,

    /**
     * POST /purchased. The buyer comes from the token, the price from the tool: quantity x the
     * current unit price, within the tool's minimum and current stock. One SQL statement reads the
     * tool, writes the order and its history row: atomic without a transaction, and a single round
     * trip, which keeps the embedded database responsive under many concurrent buyers.
     */
    async placeOrder(caller: Caller, body: unknown, now = new Date()): Promise<{ acknowledged: true; insertedId: string }> {
      const request = parseOrRefuse(placeOrderSchema, body);
      const toolId = request.toolId === undefined ? undefined : entityIdSchema.safeParse(request.toolId);
      if (toolId && !toolId.success) throw notFound('Tool not found');
      const whichTool = toolId ? sql`id = ${toolId.data}` : sql`tool_name = ${request.product}`;
      const quantity = request.quantity;
      // Beyond the 32-bit range no stock could hold it anyway; clamping keeps the SQL parameters valid.
      const sqlQuantity = Math.min(Math.max(quantity, -1), 2_147_483_647);
      // The account's name is copied into the order: one stored before names were bounded is cut to the limit.
      const buyer = clipText(caller.name, TEXT_LIMITS.personName);
      const result = await db.execute(sql`
        with tool as (
          select id, tool_name, img, price, minimum_order_quantity, available_quantity from tools where ${whichTool}
        ), placed as (
          insert into orders (tool_id, user_id, product, img, unit_price, quantity, price, buyer, buyer_email, phone, address, purchase_date, status, created_at)
          select id, ${caller.userId}, tool_name, img, price, ${sqlQuantity}, (${sqlQuantity}::bigint * price)::int, ${buyer}, ${caller.email},
                 ${request.phone}, ${request.address}, ${formatPurchaseDate(now)}, 'unpaid', ${now.toISOString()}::timestamptz
          from tool
          where ${sqlQuantity}::int between minimum_order_quantity and available_quantity
            and ${sqlQuantity}::bigint * price <= ${MAX_ORDER_TOTAL}
          returning id, tool_id, product, quantity, unit_price, price, img, buyer, buyer_email, phone, address, purchase_date
        ), history as (
          insert into order_events (order_id, type, actor_user_id, actor_email, at)
          select id, 'placed', ${caller.userId}, ${caller.email}, ${now.toISOString()}::timestamptz from placed
        ), event as (
          select gen_random_uuid() as id
        ), hooks as (
          -- The order.placed deliveries, in the same statement as the order (see notification-outbox.ts).
          insert into notifications (channel, target, event_type, payload, next_attempt_at)
          select 'webhook', endpoint.id::text, 'order.placed',
                 jsonb_build_object('id', event.id, 'type', 'order.placed', 'createdAt', ${now.toISOString()}::text, 'data', jsonb_build_object('order',
                   jsonb_build_object('_id', p.id, 'toolId', p.tool_id, 'product', p.product, 'quantity', p.quantity, 'unitPrice', p.unit_price,
                     'price', p.price, 'img', p.img, 'buyer', p.buyer, 'buyerEamil', p.buyer_email, 'phone', p.phone, 'address', p.address,
                     'purchaseDate', p.purchase_date, 'status', 'unpaid', 'transactionId', null, 'delivery', null))),
                 ${now.toISOString()}::timestamptz
          from placed p cross join event join webhook_endpoints endpoint on endpoint.active and endpoint.events ? 'order.placed'
        )
        select minimum_order_quantity as minimum, available_quantity as available, (select id from placed) as order_id from tool
      `);
      const [outcome] = (result as unknown as { rows: { minimum: number; available: number; order_id: string | null }[] }).rows;
      if (!outcome) throw notFound('Tool not found');
      if (outcome.order_id) return { acknowledged: true, insertedId: outcome.order_id };
      if (quantity < outcome.minimum) throw new AppError('UNPROCESSABLE', orderQuantityMessages.tooFew(outcome.minimum));
      if (quantity > outcome.available) throw new AppError('UNPROCESSABLE', orderQuantityMessages.tooMany(outcome.available));
      throw new AppError('UNPROCESSABLE', 'This order is too large to pay by card in one go. Order fewer units, or contact us.');
    },

    /**
     * GET /purchased: a page of the caller's own orders, newest first, whatever the query asks for:
     * a trade customer can collect thousands.
     */
    async listOwnOrders(caller: Caller, query: PageQuery): Promise<Page<Order>> {
      const page = paging.page({ list: `my-orders:${caller.userId}`, order: newestOrdersFirst, query: { ...query, q: undefined } });
      const rows = await db
        .select({ order: orders, cursorKey: page.cursorKey })
        .from(orders)
        .where(and(eq(orders.userId, caller.userId), isNull(orders.cancelledAt), page.where))
        .orderBy(...page.orderBy)
        .limit(page.fetchLimit);
      return mapPage(
        page.finish(rows, (row) => row.order.id),
        (row) => toOrderDto(row.order),
      );
    },

    async getOrder(caller: Caller, orderId: string): Promise<Order> {
      return toOrderDto(await findVisibleOrder(caller, orderId));
    },

    /** DELETE /purchasedSingle/{id}: the owner cancels their own unpaid order. It stays on record. */
    async cancelOwnOrder(caller: Caller, orderId: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const order = await findVisibleOrder(caller, orderId);
      if (order.userId !== caller.userId) throw new AppError('FORBIDDEN', 'Only the buyer can cancel this order here.');
      return cancelUnpaidOrder(db, notifier, order.id, caller, 'buyer');
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
