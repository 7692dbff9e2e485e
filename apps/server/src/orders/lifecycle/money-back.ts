import { eq, sql } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { paymentIntents } from '../../db/schema.ts';
import { AppError } from '../../platform/app-error.ts';
import type { PaymentGateway } from './collaborators.ts';

/**
 * Gives money back through the gateway, inside the transaction that records it: if the gateway
 * refuses, nothing is recorded. The key is derived from what was refunded before, so a retry of
 * the same refund after a lost answer is answered by the gateway with the first refund.
 */
export async function refundAtGateway(gateway: PaymentGateway, tx: DbTransaction, intentId: string, amountCents: number, idempotencyKey: string) {
  try {
    await gateway.refund({ intentId, amountCents, idempotencyKey });
  } catch {
    throw new AppError('conflict', 'The card provider did not take the refund just now, so nothing was refunded. Try again in a minute.');
  }
  await tx
    .update(paymentIntents)
    .set({ refundedCents: sql`${paymentIntents.refundedCents} + ${amountCents}` })
    .where(eq(paymentIntents.id, intentId));
}
