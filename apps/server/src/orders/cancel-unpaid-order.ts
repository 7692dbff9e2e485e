import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { orderEvents, orders } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { OrderNotifier } from '../notifications/order-notifier.ts';

/**
 * unpaid -> cancelled, recorded with who did it. The order stays as a record; the status
 * condition makes a payment that lands at the same moment win: a paid order is never cancelled.
 */
export async function cancelUnpaidOrder(
  db: Database,
  notifier: OrderNotifier,
  orderId: string,
  actor: { userId: string; email: string },
  who: 'buyer' | 'admin',
): Promise<{ acknowledged: true; deletedCount: number }> {
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({ cancelledAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid'), isNull(orders.cancelledAt)))
      .returning();
    if (!cancelled) throw new AppError('CONFLICT', 'A paid order cannot be cancelled.');
    const detail = who === 'buyer' ? 'by the buyer' : 'by an admin';
    await tx.insert(orderEvents).values({ orderId, type: 'cancelled', actorUserId: actor.userId, actorEmail: actor.email, detail });
    await notifier.cancelled(tx, cancelled, who === 'buyer' ? 'at your request' : 'by the shop');
    return { acknowledged: true as const, deletedCount: 1 };
  });
}
