import { sql } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { shopDayTotals } from '../../db/schema.ts';
import { utcDay } from '../../platform/utc-day.ts';

/**
 * Adds a payment, or a refund of it, to the revenue of the day the order was paid (the overview's
 * revenue day, decision 038), in the transaction that moves the money: the day's row always says
 * what the committed payments and refunds say. Payments and refunds already queue on their
 * document's counter row, so the day's row adds no waiting of its own.
 */
export async function addToRevenueDay(tx: DbTransaction, paidAt: Date, change: { paidCents: number } | { refundedCents: number }): Promise<void> {
  const paidCents = 'paidCents' in change ? change.paidCents : 0;
  const refundedCents = 'refundedCents' in change ? change.refundedCents : 0;
  await tx
    .insert(shopDayTotals)
    .values({ day: utcDay(paidAt), paidCents, refundedCents })
    .onConflictDoUpdate({
      target: shopDayTotals.day,
      set: {
        paidCents: sql`${shopDayTotals.paidCents} + ${paidCents}`,
        refundedCents: sql`${shopDayTotals.refundedCents} + ${refundedCents}`,
      },
    });
}
