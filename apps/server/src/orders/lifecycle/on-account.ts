import { and, eq, isNotNull, isNull, lte, sql, type Column } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import { formatCents, fromCents } from '@voltline/shared/money';
import { onAccountMessages, REMINDER_STEP_DAYS, REMINDER_STEPS } from '@voltline/shared/on-account';
import { orderQuantityMessages } from '@voltline/shared/order';
import type { DbTransaction } from '../../db/client.ts';
import { businessAccounts, invoices, orders } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import type { OrderRow } from '../order-dto.ts';
import type { Actor, LifecycleDeps } from './context.ts';
import { recordHistory } from './history.ts';
import { addToRevenueDay } from './revenue-days.ts';
import { lockTools, orderableUnits, promiseAll, unitsOfOrder } from './units.ts';

/*
 * Paying on account (issue 39, part 3; decision 060). The credit limit's one owner: an order on
 * account is placed only while the company's open orders on account and it stay within the limit
 * its admin set, decided with the business account's row locked (FOR UPDATE), so racing checkouts
 * of one company take their turn and never pass it together. The order is invoiced and its units
 * promised when placed (a card payment promises them when paid); bank transfers an admin records
 * pay it, the last one in full.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** An order on account not yet paid in full nor cancelled: what counts against the limit, and what is overdue. Both partial indexes say the same. */
export const openOnAccount = and(isNotNull(orders.paymentDueOn), eq(orders.status, 'unpaid'), isNull(orders.cancelledAt))!;

/** What the open orders on account of a customer (a column of the outer query) still owe, in cents: one range of orders_on_account_open_user_idx. */
export const openOnAccountCentsSql = (customerId: Column) =>
  sql<number>`(select coalesce(sum(o.price_cents - o.bank_paid_cents), 0)::int from orders o
               where o.user_id = ${customerId} and o.payment_due_on is not null and o.status = 'unpaid' and o.cancelled_at is null)`;

/** The day (YYYY-MM-DD, UTC) so many days after `now`: the shop's days are UTC days, as its documents print them. */
export const dayAfter = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** The terms an order on account is placed under: its business account's row, locked until the order commits. */
export interface CreditLine {
  paymentTermsDays: number;
  creditLimitCents: number;
}

/**
 * The caller's business account, locked FOR UPDATE before anything else of the order (tools come
 * after it: every placement on account of one company waits here, never holding a tool meanwhile).
 * Refused in words without approved terms.
 */
export async function lockCreditLine(tx: DbTransaction, customerId: string): Promise<CreditLine> {
  const [account] = await tx
    .select({ state: businessAccounts.state, paymentTermsDays: businessAccounts.paymentTermsDays, creditLimitCents: businessAccounts.creditLimitCents })
    .from(businessAccounts)
    .where(eq(businessAccounts.customerId, customerId))
    .for('update');
  if (!account || account.state !== 'approved' || account.creditLimitCents === 0) throw new AppError('conflict', onAccountMessages.noTerms, 'no_payment_terms');
  return account;
}

/** Refused in words when the company's open orders on account and this total would pass its limit. */
export async function checkCreditLimit(tx: DbTransaction, customerId: string, line: CreditLine, totalCents: number): Promise<void> {
  const [open] = await tx
    .select({ cents: sql<number>`coalesce(sum(${orders.priceCents} - ${orders.bankPaidCents}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.userId, customerId), openOnAccount));
  const openCents = open?.cents ?? 0;
  if (openCents + totalCents > line.creditLimitCents) {
    throw new AppError('invalid_data', onAccountMessages.overCreditLimit(fromCents(line.creditLimitCents), fromCents(openCents)), 'over_credit_limit');
  }
}

/**
 * The order the placing statement just wrote, made an order on account in its transaction: due after
 * the terms' days, its units promised (all or none, as a card payment's), its invoice issued.
 */
export async function placedOnAccount(deps: LifecycleDeps, tx: DbTransaction, orderId: string, line: CreditLine, now: Date): Promise<void> {
  // Pending delivery at once: an order on account ships before it is paid (paidOrOnAccount).
  const [order] = await tx.update(orders).set({ paymentDueOn: dayAfter(now, line.paymentTermsDays), delivery: 'pending' }).where(eq(orders.id, orderId)).returning();
  const units = await unitsOfOrder(tx, orderId);
  await lockTools(tx, units, 'promise');
  const short = await promiseAll(tx, units);
  if (short) throw new AppError('conflict', orderQuantityMessages.onlyLeft(await orderableUnits(tx, short)));
  const { invoice } = await deps.invoices.issueInvoice(tx, order!);
  await recordHistory(tx, orderId, 'placed', null, `on account: invoice ${invoice.number}, due ${order!.paymentDueOn}`, now);
}

/** The invoice an order on account was placed with, as the mails attach it. */
async function invoiceOf(tx: DbTransaction, orderId: string) {
  const [invoice] = await tx.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  return invoice;
}

/**
 * An admin records money received by bank transfer for an order on account: never more than it
 * still owes; the transfer that completes it pays it (status paid, ready to ship, the revenue day,
 * the buyer's mail with the invoice), as a card payment would. Each transfer is a history row.
 */
export const recordingBankPayment =
  ({ db, notifier, catalogueCache }: LifecycleDeps) =>
  async (admin: NonNullable<Actor>, orderId: string, payment: { amountCents: number; reference?: string | undefined }, now = new Date()): Promise<OrderRow> => {
    const id = entityIdSchema.safeParse(orderId);
    if (!id.success) throw notFound('Order not found');
    const paid = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id.data)).for('update');
      if (!order) throw notFound('Order not found');
      if (!order.paymentDueOn) throw new AppError('conflict', onAccountMessages.notOnAccount);
      if (order.status !== 'unpaid' || order.cancelledAt) throw new AppError('conflict', onAccountMessages.notOpen);
      const owed = order.priceCents - order.bankPaidCents;
      if (payment.amountCents > owed) throw new AppError('invalid_data', onAccountMessages.moreThanOwed(fromCents(owed)));
      const whole = payment.amountCents === owed;
      const [updated] = await tx
        .update(orders)
        .set({
          bankPaidCents: order.bankPaidCents + payment.amountCents,
          // now(): the transaction's time, which the 'paid' event below records too.
          // Its parcels may have left already (paidOrOnAccount): shipped stays shipped.
          ...(whole && { status: 'paid' as const, transactionId: `bank-transfer-${order.id}`, paidAt: sql`now()` }),
        })
        .where(eq(orders.id, order.id))
        .returning();
      const reference = payment.reference ? ` (${payment.reference})` : '';
      await recordHistory(tx, order.id, 'bank_payment', admin, `${formatCents(payment.amountCents)} received by bank transfer${reference}; ${formatCents(owed - payment.amountCents)} still open`, now);
      if (whole) {
        const invoice = await invoiceOf(tx, order.id);
        await addToRevenueDay(tx, updated!.paidAt!, { paidCents: updated!.priceCents });
        await recordHistory(tx, order.id, 'paid', admin, `bank transfer, invoice ${order.invoiceNumber ?? ''}`, now);
        await notifier.paid(tx, updated!, invoice);
      }
      return updated!;
    });
    if (paid.status === 'paid') catalogueCache.invalidate();
    return paid;
  };

/**
 * The overdue reminders due at `now`: an open order on account gets one mail at each step (7, 14
 * and 21 days past its due date), through the outbox in the transaction that counts it sent, so a
 * step is never mailed twice (a run that missed a step mails the step it is at, once). Returns how many.
 */
export const remindingOverdue =
  ({ db, notifier }: LifecycleDeps) =>
  (now = new Date()): Promise<number> =>
    db.transaction(async (tx) => {
      const today = dayAfter(now, 0);
      const step = sql<number>`least(floor((${today}::date - ${orders.paymentDueOn}) / ${REMINDER_STEP_DAYS}), ${REMINDER_STEPS})::int`;
      const reminded = await tx
        .update(orders)
        .set({ remindersSent: step })
        .where(and(openOnAccount, lte(orders.paymentDueOn, dayAfter(now, -REMINDER_STEP_DAYS)), sql`${orders.remindersSent} < ${step}`))
        .returning();
      for (const order of reminded) {
        const daysOverdue = Math.round((Date.parse(today) - Date.parse(order.paymentDueOn!)) / DAY_MS);
        await notifier.overdue(tx, order, { daysOverdue, invoice: await invoiceOf(tx, order.id) });
      }
      return reminded.length;
    });
