import { eq } from 'drizzle-orm';
import type { PageQuery } from '@voltline/shared/paging';
import type { Order } from '@voltline/shared/order';
import type { Database } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { AppError } from '../platform/app-error.ts';
import type { Permission } from '@voltline/shared/staff-roles';
import { may, type Caller } from '../identity/caller.ts';
import { type Page, type Paging } from '../platform/paging.ts';
import { newestOrdersFirst, orderWithLines, toOrderDtos, type OrderRow } from './order-dto.ts';
import type { LinesRequest, OrderLifecycle, OrderRequest } from './lifecycle/index.ts';


export function createOrdersService(db: Database, lifecycle: OrderLifecycle, paging: Paging) {
  /**
   * An order the caller may see, cancelled ones included: their own, or any for staff whose roles
   * hold `permission` (reading orders by default; an invoice asks for accounts).
   */
  async function findVisibleOrder(caller: Caller, orderId: string, permission: Permission = 'readOrders'): Promise<OrderRow> {
    const row = await lifecycle.findOrder(orderId);
    if (row.userId !== caller.userId && !may(caller, permission)) {
      throw new AppError('forbidden', 'This order belongs to someone else.');
    }
    return row;
  }

  return {
    findVisibleOrder,

    /** POST /purchased. The buyer comes from the token, the price from the tool (see lifecycle/place.ts). */
    async placeOrder(caller: Caller, order: OrderRequest, now = new Date()): Promise<{ acknowledged: true; insertedId: string }> {
      return lifecycle.place(caller, order, now);
    },

    /** An order of several tools, all lines or none (lifecycle/place.ts): what the checkout of a cart places. */
    placeOrderOfLines: (caller: Caller, request: LinesRequest, now = new Date()) => lifecycle.placeLines(caller, request, now),

    /**
     * GET /purchased: a page of the caller's own orders, newest first, whatever the query asks for:
     * a trade customer can collect thousands. Cancelled and refunded orders stay, with their state.
     */
    async listOwnOrders(caller: Caller, query: PageQuery): Promise<Page<Order>> {
      const page = paging.page({ list: `my-orders:${caller.userId}`, order: newestOrdersFirst, query: { ...query, q: undefined } });
      const select = db.select({ order: orders, cursorKey: page.cursorKey }).from(orders).$dynamic();
      const found = await page.read(select, eq(orders.userId, caller.userId), (row) => row.order.id);
      return { items: await toOrderDtos(db, found.items.map((row) => row.order)), nextCursor: found.nextCursor };
    },

    async getOrder(caller: Caller, orderId: string): Promise<Order> {
      return orderWithLines(db, await findVisibleOrder(caller, orderId));
    },

    /** DELETE /purchasedSingle/{id}: the owner cancels their own unpaid order. It stays on record. */
    async cancelOwnOrder(caller: Caller, orderId: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const order = await findVisibleOrder(caller, orderId);
      if (order.userId !== caller.userId) throw new AppError('forbidden', 'Only the buyer can cancel this order here.');
      return lifecycle.cancel(caller, order.id, 'buyer');
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
