import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { onAccountMessages } from '@voltline/shared/on-account';
import type { DbTransaction } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../platform/app-error.ts';
import { giveBackCouponUse } from '../../pricing/coupon-uses.ts';
import type { OrderRow } from '../order-dto.ts';
import type { Actor, LifecycleDeps } from './context.ts';
import { recordHistory } from './history.ts';

/** An unpaid order that will never be paid gives its coupon's use back, in the cancelling transaction. */
async function giveBackCouponUsesOf(tx: DbTransaction, cancelled: readonly OrderRow[]) {
  for (const order of cancelled) {
    if (order.pricing?.couponUseId) await giveBackCouponUse(tx, order.pricing.couponUseId);
  }
}

/** unpaid -> cancelled for one order; a paid order is never cancelled here (refund it instead). */
async function cancelUnpaid(tx: DbTransaction, orderId: string): Promise<OrderRow> {
  const [cancelled] = await tx
    .update(orders)
    .set({ cancelledAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid'), isNull(orders.cancelledAt), isNull(orders.paymentDueOn)))
    .returning();
  if (cancelled) {
    await giveBackCouponUsesOf(tx, [cancelled]);
    return cancelled;
  }
  const [current] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (current?.cancelledAt) throw new AppError('conflict', 'This order is already canceled.');
  // Invoiced and its units promised when placed (decision 060): not undone by a button.
  if (current?.paymentDueOn && current.status === 'unpaid') throw new AppError('conflict', onAccountMessages.cannotCancel);
  throw new AppError('conflict', 'A paid order cannot be canceled: an admin can refund it.');
}

/**
 * unpaid -> cancelled, recorded with who did it. The order stays as a record; the status
 * condition makes a payment that lands at the same moment win: a paid order is never cancelled.
 */
export const cancelling =
  ({ db, notifier }: LifecycleDeps) =>
  (actor: NonNullable<Actor>, orderId: string, who: 'buyer' | 'admin'): Promise<{ acknowledged: true; deletedCount: number }> =>
    db.transaction(async (tx) => {
      const cancelled = await cancelUnpaid(tx, orderId);
      await recordHistory(tx, orderId, 'cancelled', actor, who === 'buyer' ? 'by the buyer' : 'by an admin');
      await notifier.cancelled(tx, cancelled, who === 'buyer' ? 'at your request' : 'by the shop');
      return { acknowledged: true as const, deletedCount: 1 };
    });

/**
 * Every unpaid, live order that `which` selects is cancelled by the shop at once (a deleted tool,
 * orders left unpaid too long), each with its history row and the buyer's mail. Returns them.
 */
export async function cancelUnpaidOrders(
  { notifier }: LifecycleDeps,
  tx: DbTransaction,
  which: SQL,
  why: { actor: Actor; detail: string; reason: string },
  now: Date,
): Promise<OrderRow[]> {
  const cancelled = await tx
    .update(orders)
    .set({ cancelledAt: now })
    // Never an order on account: it is invoiced, its units promised, and it is due later (decision 060).
    .where(and(which, eq(orders.status, 'unpaid'), isNull(orders.cancelledAt), isNull(orders.paymentDueOn)))
    .returning();
  await giveBackCouponUsesOf(tx, cancelled);
  for (const order of cancelled) {
    await recordHistory(tx, order.id, 'cancelled', why.actor, why.detail, now);
    await notifier.cancelled(tx, order, why.reason);
  }
  return cancelled;
}
