import { and, eq, isNull } from 'drizzle-orm';
import { orders, tools } from '../../db/schema.ts';
import { AppError } from '../../platform/app-error.ts';
import { findOrder, type Actor, type LifecycleDeps } from './context.ts';
import { recordHistory } from './history.ts';
import { moveStock, stockSettled } from './stock-moves.ts';
import { lockTools, unitsOfOrder } from './units.ts';

/**
 * paid, pending -> shipped, and its units leave the stock and the promise together (a `shipped`
 * stock movement per tool, stock-moves.ts), in one transaction. Both updates are conditional:
 * concurrent ships can neither ship an order twice nor take stock below zero (a shop that
 * oversold before promises existed is refused here).
 */
export const shipping =
  (deps: LifecycleDeps) =>
  async (admin: Actor, orderId: string): Promise<{ acknowledged: true; modifiedCount: number }> => {
    const { db, notifier, catalogueCache } = deps;
    const order = await findOrder(db, orderId);
    const result = await db.transaction(async (tx) => {
      const units = await unitsOfOrder(tx, order.id);
      await lockTools(tx, units, 'promise');
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
      // Every line's tool loses its units, or (a stock short of one) the shipment is refused whole.
      const moved: string[] = [];
      for (const tool of units.tools) {
        // Shipped units leave the stock and the promise together, as a `shipped` movement of the order.
        const shippedUnits = await moveStock(tx, { toolId: tool.toolId, kind: 'shipped', units: -tool.quantity, actor: admin, orderId: shipped.id, fulfilsPromise: true });
        if (shippedUnits) {
          await stockSettled(deps, tx, shippedUnits.tool, shippedUnits.before);
          moved.push(units.tools.length > 1 ? `-${tool.quantity} ${tool.product}` : `-${tool.quantity}`);
          continue;
        }
        const [current] = await tx.select({ available: tools.availableQuantity }).from(tools).where(eq(tools.id, tool.toolId));
        // Deleted while this shipment waited for its row: its units were promised, and deleteTool
        // made sure the stock held every promise, so it ships like any line of a deleted tool.
        if (current) {
          throw new AppError(
            'conflict',
            `Not enough stock to ship${units.tools.length > 1 ? ` ${tool.product}` : ''}: ${tool.quantity} ordered, ${current.available} available. Restock the tool first, or refund the order.`,
          );
        }
      }
      const detail = moved.length > 0 ? `stock ${moved.join(', ')}` : 'the tool is no longer in the catalogue: no stock moved';
      await recordHistory(tx, shipped.id, 'shipped', admin, detail);
      await notifier.shipped(tx, shipped);
      return { acknowledged: true as const, modifiedCount: 1 };
    });
    // The catalogue shows stock: it must not keep the old figure.
    catalogueCache.invalidate();
    return result;
  };
