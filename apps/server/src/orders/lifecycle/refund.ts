import { and, eq } from 'drizzle-orm';
import { formatCents, fromCents, toCents } from '@voltline/shared/money';
import { refundMessages } from '@voltline/shared/order';
import type { DbTransaction } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { findOrder, type Actor, type LifecycleDeps } from './context.ts';
import { recordHistory } from './history.ts';
import { refundAtGateway } from './money-back.ts';
import { addToRevenueDay } from './revenue-days.ts';
import { stockSettled } from './stock-moves.ts';
import { shippedByTool } from './ship.ts';
import { lockTools, releaseUnits, unitsOfOrder } from './units.ts';

/**
 * Gives some or all of a paid order's money back through the gateway. In full before every unit
 * shipped, the order is cancelled and the promise of its units not yet shipped goes back on sale; after shipping nothing is
 * restocked (the goods are with the customer). The order row is locked for the whole refund,
 * so two admins refunding at once can never give back more than was paid.
 */
export const refunding =
  (deps: LifecycleDeps) =>
  async (admin: NonNullable<Actor>, orderId: string, request: { amount?: number; reason: string }) => {
    const found = await findOrder(deps.db, orderId);
    const amountCents = request.amount === undefined ? undefined : toCents(request.amount);
    const result = await deps.db.transaction((tx) => refundInTransaction(deps, tx, admin, found.id, { amountCents, reason: request.reason }));
    if (result.freesUnits) deps.catalogueCache.invalidate();
    return { acknowledged: result.acknowledged, refundedAmount: result.refundedAmount, status: result.status };
  };

/**
 * The refund in the caller's transaction: a return's refund (returns.ts) gives its money back
 * through the same gateway call, credit note, revenue day, history and mail, with the return's
 * state in the same transaction. Locks the order's tools, then the order.
 */
export async function refundInTransaction(
  deps: LifecycleDeps,
  tx: DbTransaction,
  admin: NonNullable<Actor>,
  orderId: string,
  request: { amountCents?: number; reason: string },
) {
  const { notifier, gateway, invoices } = deps;
  // 'keep': most refunds leave the counters alone, and the gateway is called with the locks held.
  const units = await unitsOfOrder(tx, orderId);
  await lockTools(tx, units, 'keep');
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || order.status === 'unpaid' || !order.transactionId) throw new AppError('conflict', refundMessages.unpaid);
  if (order.status === 'refunded') throw new AppError('conflict', refundMessages.alreadyRefunded);
  const left = order.priceCents - order.refundedCents;
  const amount = request.amountCents ?? left;
  if (amount > left) throw new AppError('conflict', refundMessages.pastTotal(fromCents(left)));
  const inFull = amount === left;
  const freesUnits = inFull && order.delivery === 'pending';
  const [refunded] = await tx
    .update(orders)
    .set({
      refundedCents: order.refundedCents + amount,
      status: inFull ? 'refunded' : 'paid',
      ...(freesUnits ? { cancelledAt: new Date() } : {}),
    })
    .where(and(eq(orders.id, order.id), eq(orders.refundedCents, order.refundedCents)))
    .returning();
  let consequence = order.delivery === 'shipped' ? 'shipped: nothing restocked' : order.shippedUnits > 0 ? `${order.shippedUnits} of ${order.quantity} units shipped` : 'not shipped yet';
  if (freesUnits) {
    consequence = order.shippedUnits > 0 ? `${order.shippedUnits} units shipped, the rest canceled` : 'order canceled';
    // Every line's promise of units not yet shipped is given back (lines of a deleted tool had
    // none left to give; parcels already took theirs out with the stock): units on sale again
    // may bring a tool back for those waiting for it.
    const shipped = order.shippedUnits > 0 ? await shippedByTool(tx, order.id) : new Map<string, number>();
    let freed = 0;
    for (const tool of units.tools) {
      const unshipped = tool.quantity - (shipped.get(tool.toolId) ?? 0);
      if (unshipped <= 0) continue;
      const released = await releaseUnits(tx, { toolId: tool.toolId, quantity: unshipped });
      if (released) await stockSettled(deps, tx, released.tool, released.before);
      freed += unshipped;
    }
    if (freed > 0) consequence += `, ${freed} units back on sale`;
  }
  await refundAtGateway(gateway, tx, order.transactionId, amount, `refund-${order.id}-${order.refundedCents}-${amount}`);
  // The revenue of the day it was paid, as the overview has always counted refunds.
  if (order.paidAt) await addToRevenueDay(tx, order.paidAt, { refundedCents: amount });
  const creditNote = await invoices.issueCreditNote(tx, refunded!, { amountCents: amount, reason: request.reason });
  const documented = creditNote ? `, credit note ${creditNote.number}` : '';
  await recordHistory(tx, order.id, 'refunded', admin, `${formatCents(amount)} of ${formatCents(order.priceCents)} (${consequence}${documented}): ${request.reason}`);
  await notifier.refunded(tx, refunded!, { amountCents: amount, reason: request.reason }, creditNote);
  // The order by its id and the money (decision 065): the reason stays in the order's history, which an erasure reaches.
  await recordAudit(tx, {
    actor: admin,
    kind: 'refund',
    action: inFull ? 'refunded in full' : 'refunded in part',
    subject: order.id,
    before: { status: order.status, refunded: fromCents(order.refundedCents) },
    after: { status: refunded!.status, refunded: fromCents(refunded!.refundedCents), amount: fromCents(amount), creditNote: creditNote?.number ?? null, ...(freesUnits && { cancelled: true }) },
  });
  return { acknowledged: true as const, refundedAmount: fromCents(refunded!.refundedCents), status: refunded!.status, freesUnits, creditNote, order: refunded! };
}
