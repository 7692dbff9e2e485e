import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/client.ts';
import { paymentIntents } from '../db/schema.ts';
import type { GatewayIntent, PaymentGateway } from '../orders/lifecycle/collaborators.ts';

/**
 * Stripe's published test cards and what Stripe answers for them. The built-in gateway accepts
 * these and nothing else, so no real card number is ever taken by a shop running offline.
 */
export const TEST_CARD_OUTCOMES: Record<string, { ok: true } | { ok: false; code: string; message: string }> = {
  '4242424242424242': { ok: true },
  '4000000000000002': { ok: false, code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { ok: false, code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};
export const TEST_MODE_MESSAGE =
  'This shop is in test mode: use a Stripe test card such as 4242 4242 4242 4242. Real cards are not accepted.';

type IntentRow = typeof paymentIntents.$inferSelect;

/** Its intents are the shop's own, so in the shop's one currency (decision 067). */
const toGatewayIntent = (row: IntentRow, currency: string): GatewayIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  amountCents: row.amountCents,
  currency,
  orderId: row.orderId,
  succeeded: row.status === 'succeeded',
});

/** The offline stand-in for Stripe, charging in the shop's currency: intents live in the shop's own payment_intents table. */
export function createBuiltinGateway(db: Database, currency: string): PaymentGateway & {
  findByClientSecret(clientSecret: string): Promise<GatewayIntent | null>;
  markSucceeded(executor: DbExecutor, intentId: string): Promise<void>;
} {
  return {
    provider: 'builtin',
    publishableKey: null,
    currency,
    async createIntent({ orderId, amountCents }) {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`, amountCents, currency, orderId, succeeded: false };
    },
    async retrieveIntent(intentId) {
      const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
      return row && row.provider === 'builtin' ? toGatewayIntent(row, currency) : null;
    },
    // The refund's record is payment_intents.refunded_cents, written by the order lifecycle in the
    // refund's own transaction: nothing leaves the shop, so there is nothing else to call.
    async refund({ idempotencyKey }) {
      return { refundId: `re_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
    },
    async findByClientSecret(clientSecret) {
      const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.clientSecret, clientSecret));
      return row && row.provider === 'builtin' ? toGatewayIntent(row, currency) : null;
    },
    async markSucceeded(executor, intentId) {
      await executor.update(paymentIntents).set({ status: 'succeeded' }).where(eq(paymentIntents.id, intentId));
    },
  };
}
export type BuiltinGateway = ReturnType<typeof createBuiltinGateway>;
