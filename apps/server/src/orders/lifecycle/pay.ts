import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { formatCents } from '@voltline/shared/money';
import { onAccountMessages } from '@voltline/shared/on-account';
import { orderQuantityMessages } from '@voltline/shared/order';
import { toolDeletionMessages } from '@voltline/shared/tool';
import type { DbTransaction } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../platform/app-error.ts';
import { paymentNotVerified, type GatewayIntent } from './collaborators.ts';
import { checkCouponUseKept, giveBackCouponUse, keepCouponUse } from '../../pricing/coupon-uses.ts';
import type { OrderRow } from '../order-dto.ts';
import { type Actor, type LifecycleDeps } from './context.ts';
import { recordHistory } from './history.ts';
import { refundAtGateway } from './money-back.ts';
import { addToRevenueDay } from './revenue-days.ts';
import { lockTools, orderableUnits, promiseAll, shortOf, unitsOfOrder } from './units.ts';

/** What became of a payment the gateway reports as succeeded. */
export type PaymentOutcome =
  | { outcome: 'paid' | 'already recorded' | 'skipped' }
  /** The order could not take it (sold out meanwhile, or cancelled): the money went straight back. */
  | { outcome: 'refunded'; message: string };

/** Why a payment could not be taken, in the words the buyer reads ("your payment arrived after ..."). */
const lateBecause = {
  soldOut: 'the last units were sold',
  withdrawn: 'the tool was withdrawn from sale',
  cancelled: 'the order was canceled',
  couponUsedUp: (code: string) => `its hold on the code ${code} ended and the code was used up`,
};

/**
 * Before the card form: an order can be paid only while it is unpaid, live, the units not yet
 * promised cover it, and its coupon's use is still its own or can be taken again (decision 039).
 * Checked again, atomically, when the payment is confirmed.
 */
export const checkingPayable =
  ({ db }: LifecycleDeps) =>
  async (order: OrderRow): Promise<void> => {
    if (order.cancelledAt) throw new AppError('conflict', 'This order was canceled.');
    if (order.status !== 'unpaid') throw new AppError('conflict', 'This order is already paid.');
    // Its units are promised and its invoice issued already: a card payment would promise them twice.
    if (order.paymentDueOn) throw new AppError('conflict', onAccountMessages.payByTransfer);
    const units = await unitsOfOrder(db, order.id);
    if (units.withdrawn > 0) throw new AppError('conflict', toolDeletionMessages.noLongerSold);
    const short = await shortOf(db, units);
    if (short) throw new AppError('conflict', shortMessage(units, short));
    if (order.pricing?.couponUseId) await checkCouponUseKept(db, order.pricing.couponUseId);
  };

/** Which tool ran short, named when the order holds several. */
function shortMessage(units: Awaited<ReturnType<typeof unitsOfOrder>>, short: { product: string; orderable: number }) {
  const message = orderQuantityMessages.onlyLeft(short.orderable);
  return units.tools.length > 1 ? `${short.product}: ${message}` : message;
}

/**
 * unpaid -> paid once the gateway says the intent succeeded, for this order and its amount, and
 * only while the stock not yet promised covers the order. When it does not (or the order was
 * cancelled meanwhile, or its tool deleted), `shortfall` decides: 'refuse' before the card is
 * charged (the built-in gateway), or 'refund' a charge that already happened (Stripe).
 */
export function paying(deps: LifecycleDeps) {
  const { db, notifier, gateway, catalogueCache, invoices } = deps;

  /** The money of a payment the order could not take goes straight back; the order is closed as refunded. */
  async function refundLatePayment(tx: DbTransaction, refunded: OrderRow, intent: GatewayIntent, why: string): Promise<PaymentOutcome> {
    await refundAtGateway(gateway, tx, intent.id, refunded.priceCents, `refund-late-${intent.id}`);
    await recordHistory(tx, refunded.id, 'refunded', null, `${formatCents(refunded.priceCents)} automatically: ${gateway.provider} payment ${intent.id} arrived after ${why}`);
    await notifier.refunded(tx, refunded, { amountCents: refunded.priceCents, reason: `your payment arrived after ${why}` });
    return { outcome: 'refunded', message: `Your payment arrived after ${why}. It has been refunded in full.` };
  }

  return async function pay(
    intent: GatewayIntent,
    actor: Actor,
    options: { shortfall: 'refuse' | 'refund'; within?: (tx: DbTransaction) => Promise<'skip' | void> },
  ): Promise<PaymentOutcome> {
    const result = await db.transaction(async (tx): Promise<PaymentOutcome> => {
      if ((await options.within?.(tx)) === 'skip') return { outcome: 'skipped' };
      const [order] = await tx.select().from(orders).where(eq(orders.id, intent.orderId ?? ''));
      // The amount in another currency is not the order's price, however its digits read (decision 067).
      if (!order || !intent.succeeded || intent.amountCents !== order.priceCents || intent.currency !== gateway.currency) throw paymentNotVerified();
      // A deletion under way finishes first, and this payment then finds the order cancelled. An
      // order no longer open to payment is not claimed below, so it needs no lock.
      const units = await unitsOfOrder(tx, order.id);
      if (order.paymentDueOn) throw new AppError('conflict', onAccountMessages.payByTransfer);
      if (order.status === 'unpaid' && !order.cancelledAt) await lockTools(tx, units, 'promise');
      const [claimed] = await tx
        .update(orders)
        // now(): the transaction's time, which the 'paid' event below records too.
        .set({ status: 'paid', transactionId: intent.id, delivery: 'pending', paidAt: sql`now()` })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid'), isNull(orders.cancelledAt)))
        .returning();
      if (claimed) {
        // Its coupon's use becomes a paid one, unless its hold lapsed and the code was used up since:
        // the shop never takes money at a discount the code no longer has (decision 039).
        const couponRefused = claimed.pricing?.couponUseId ? await keepCouponUse(tx, claimed.pricing.couponUseId) : undefined;
        // An order with a tool gone has no stock left to promise for it: the shop never takes money for
        // units it does not have. Every line's units are promised or none (lines of one tool together).
        const withdrawn = units.withdrawn > 0;
        const shortTool = withdrawn || couponRefused ? undefined : await promiseAll(tx, units);
        if (!couponRefused && !withdrawn && shortTool === undefined) {
          const { invoice, invoiced } = await invoices.issueInvoice(tx, claimed);
          await addToRevenueDay(tx, claimed.paidAt!, { paidCents: claimed.priceCents });
          await recordHistory(tx, claimed.id, 'paid', actor, `${gateway.provider} ${intent.id}, invoice ${invoice.number}`);
          await notifier.paid(tx, invoiced, invoice);
          return { outcome: 'paid' };
        }
        if (options.shortfall === 'refuse') {
          if (couponRefused) throw couponRefused;
          if (withdrawn) throw new AppError('conflict', toolDeletionMessages.noLongerSold);
          const product = units.tools.find((tool) => tool.toolId === shortTool)?.product ?? '';
          throw new AppError('conflict', shortMessage(units, { product, orderable: await orderableUnits(tx, shortTool!) }));
        }
        const [refunded] = await tx
          .update(orders)
          .set({ status: 'refunded', refundedCents: claimed.priceCents, delivery: null, cancelledAt: new Date() })
          .where(eq(orders.id, claimed.id))
          .returning();
        // Never paid for after all: its coupon's use goes back, as a cancelled order's does.
        if (claimed.pricing?.couponUseId) await giveBackCouponUse(tx, claimed.pricing.couponUseId);
        const why = couponRefused ? lateBecause.couponUsedUp(claimed.pricing!.couponCode ?? '') : withdrawn ? lateBecause.withdrawn : lateBecause.soldOut;
        return refundLatePayment(tx, refunded!, intent, why);
      }
      // Another confirmation got there first, or the order cannot be paid: read it as it is now.
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
      if (current?.transactionId === intent.id) return { outcome: 'already recorded' };
      if (current?.cancelledAt && current.status === 'unpaid') {
        if (options.shortfall === 'refuse') throw new AppError('conflict', 'This order was canceled.');
        const [refunded] = await tx
          .update(orders)
          .set({ status: 'refunded', transactionId: intent.id, refundedCents: current.priceCents, delivery: null })
          .where(and(eq(orders.id, current.id), eq(orders.status, 'unpaid'), isNotNull(orders.cancelledAt)))
          .returning();
        // A racing confirmation of the same intent refunded it first.
        if (!refunded) return { outcome: 'already recorded' };
        return refundLatePayment(tx, refunded, intent, lateBecause.cancelled);
      }
      throw new AppError('conflict', 'This order is already paid.');
    });
    if (result.outcome === 'paid') catalogueCache.invalidate();
    return result;
  };
}
