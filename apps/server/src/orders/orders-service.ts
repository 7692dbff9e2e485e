import { and, desc, eq, isNull } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import { orderQuantityMessages, placeOrderSchema, type Order } from '@voltline/shared/order';
import { formatPurchaseDate } from '@voltline/shared/shop-constants';
import type { Database } from '../db/client.ts';
import { orderEvents, orders, tools } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { parseOrRefuse } from '../http/parse-body.ts';
import type { Caller } from '../identity/caller.ts';
import { cancelUnpaidOrder } from './cancel-unpaid-order.ts';
import { toOrderDto, type OrderRow } from './order-dto.ts';

const orderNotFound = () => notFound('Order not found');

export function createOrdersService(db: Database) {
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
     * current unit price, within the tool's minimum and current stock.
     */
    async placeOrder(caller: Caller, body: unknown, now = new Date()): Promise<{ acknowledged: true; insertedId: string }> {
      const request = parseOrRefuse(placeOrderSchema, body);
      return db.transaction(async (tx) => {
        const toolId = request.toolId === undefined ? undefined : entityIdSchema.safeParse(request.toolId);
        if (toolId && !toolId.success) throw notFound('Tool not found');
        const [tool] = await tx
          .select()
          .from(tools)
          .where(toolId ? eq(tools.id, toolId.data!) : eq(tools.toolName, request.product!));
        if (!tool) throw notFound('Tool not found');
        if (request.quantity < tool.minimumOrderQuantity) {
          throw new AppError('UNPROCESSABLE', orderQuantityMessages.tooFew(tool.minimumOrderQuantity));
        }
        if (request.quantity > tool.availableQuantity) {
          throw new AppError('UNPROCESSABLE', orderQuantityMessages.tooMany(tool.availableQuantity));
        }
        const [order] = await tx
          .insert(orders)
          .values({
            toolId: tool.id,
            userId: caller.userId,
            product: tool.toolName,
            img: tool.img,
            unitPrice: tool.price,
            quantity: request.quantity,
            price: request.quantity * tool.price,
            buyer: caller.name,
            buyerEamil: caller.email,
            phone: request.phone,
            address: request.address,
            purchaseDate: formatPurchaseDate(now),
            status: 'unpaid',
            createdAt: now,
          })
          .returning({ id: orders.id });
        await tx.insert(orderEvents).values({ orderId: order!.id, type: 'placed', actorUserId: caller.userId, actorEmail: caller.email, at: now });
        return { acknowledged: true as const, insertedId: order!.id };
      });
    },

    /** GET /purchased: the caller's own orders, whatever the query asks for, newest first. */
    async listOwnOrders(caller: Caller): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, caller.userId), isNull(orders.cancelledAt)))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return rows.map(toOrderDto);
    },

    async getOrder(caller: Caller, orderId: string): Promise<Order> {
      return toOrderDto(await findVisibleOrder(caller, orderId));
    },

    /** DELETE /purchasedSingle/{id}: the owner cancels their own unpaid order. It stays on record. */
    async cancelOwnOrder(caller: Caller, orderId: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const order = await findVisibleOrder(caller, orderId);
      if (order.userId !== caller.userId) throw new AppError('FORBIDDEN', 'Only the buyer can cancel this order here.');
      return cancelUnpaidOrder(db, order.id, caller, 'by the buyer');
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
