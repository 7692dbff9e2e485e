import { and, eq, isNull } from 'drizzle-orm';
import { orders, tools } from '../../db/schema.ts';
import { AppError } from '../../platform/app-error.ts';
import { findOrder, type Actor, type LifecycleDeps } from './context.ts';
import { recordHistory } from './history.ts';
import { lockTool, shipUnits } from './units.ts';

/**
 * paid, pending -> shipped, and its units leave the stock and the promise together, in one
 * transaction. Both updates are conditional: concurrent ships can neither ship an order twice
 * nor take stock below zero (a shop that oversold before promises existed is refused here).
 */
export const shipping =
  ({ db, notifier, catalogueCache }: LifecycleDeps) =>
  async (admin: Actor, orderId: string): Promise<{ acknowledged: true; modifiedCount: number }> => {
    const order = await findOrder(db, orderId);
    const result = await db.transaction(async (tx) => {
      await lockTool(tx, order.toolId, 'promise');
      const [shipped] = await tx
        .update(orders)
        .set({ delivery: 'shipped' })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'paid'), eq(orders.delivery, 'pending'), isNull(orders.cancelledAt)))
        .returning();
      if (!shipped) {
        const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
        if (current?.delivery === 'shipped') throw new AppError('conflict', 'This order has already been shipped.');
        if (current?.status === 'refunded') throw new AppError('conflict', 'This order was refunded in full: there is nothing to ship.');
        throw new AppError('conflict', 'Only a paid order can be shipped.');
      }
      let detail = 'the tool is no longer in the catalogue: no stock moved';
      if (shipped.toolId) {
        const lowered = await shipUnits(tx, { toolId: shipped.toolId, quantity: shipped.quantity });
        if (lowered) {
          await notifier.stockChanged(tx, lowered, lowered.availableQuantity + shipped.quantity);
          detail = `stock -${shipped.quantity}`;
        } else {
          const [tool] = await tx.select({ available: tools.availableQuantity }).from(tools).where(eq(tools.id, shipped.toolId));
          // Deleted while this shipment waited for its row: its units were promised, and deleteTool
          // made sure the stock held every promise, so it ships like any order of a deleted tool.
          if (tool) {
            throw new AppError(
              'conflict',
              `Not enough stock to ship: ${shipped.quantity} ordered, ${tool.available} available. Restock the tool first, or refund the order.`,
            );
          }
        }
      }
      await recordHistory(tx, shipped.id, 'shipped', admin, detail);
      await notifier.shipped(tx, shipped);
      return { acknowledged: true as const, modifiedCount: 1 };
    });
    // The catalogue shows stock: it must not keep the old figure.
    catalogueCache.invalidate();
    return result;
  };
