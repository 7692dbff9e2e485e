import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { builtinConfirmSchema, PAYMENT_LIMIT_MESSAGE, type PaymentConfig } from '@voltline/shared/payment';
import { paymentUpdateSchema } from '@voltline/shared/order';
import { PAYMENT_MAXIMUM } from '@voltline/shared/shop-constants';
import type { Database, DbExecutor } from '../db/client.ts';
import { paymentIntents, processedWebhookEvents } from '../db/schema.ts';
import { AppError, notFound, parseOrRefuse } from '../platform/app-error.ts';
import type { Caller } from '../identity/caller.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import { TEST_CARD_OUTCOMES, TEST_MODE_MESSAGE, type BuiltinGateway } from './builtin-gateway.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import type { StripeGateway } from './stripe-gateway.ts';

const cents = (dollars: number) => dollars * 100;
const notVerified = () =>
  new AppError('invalid_data', 'The payment could not be verified with the card provider. The order stays unpaid.');

/**
 * Card payments. The amount always comes from the stored order, and an order becomes paid only
 * when the gateway itself says this intent succeeded for this order and this amount.
 */
export function createPaymentsService(deps: {
  db: Database;
  orders: OrdersService;
  gateway: PaymentGateway;
  builtin: BuiltinGateway | undefined;
  stripe: StripeGateway | undefined;
  lifecycle: OrderLifecycle;
}) {
  const { db, orders: ordersService, lifecycle, gateway, builtin, stripe } = deps;

  return {
    config(): PaymentConfig {
      return { provider: gateway.provider, publishableKey: gateway.publishableKey };
    },

    /**
     * POST /create-payment-intent: only the buyer of an unpaid order; one intent per order, reused.
     * Refused before the card form when the units left cannot cover the order.
     */
    async createIntent(caller: Caller, orderId: string): Promise<{ clientSecret: string; paymentIntentId: string }> {
      const order = await ordersService.findVisibleOrder(caller, orderId);
      if (order.userId !== caller.userId) throw new AppError('forbidden', 'Only the buyer can pay this order.');
      await lifecycle.checkPayable(order);
      if (order.price > PAYMENT_MAXIMUM) throw new AppError('bad_request', PAYMENT_LIMIT_MESSAGE);

      const existing = async () =>
        (await db.select().from(paymentIntents).where(eq(paymentIntents.orderId, order.id)))[0];
      const known = await existing();
      if (known) return { clientSecret: known.clientSecret, paymentIntentId: known.id };
      const intent = await gateway.createIntent({ orderId: order.id, amountCents: cents(order.price) });
      await db
        .insert(paymentIntents)
        .values({
          id: intent.id,
          orderId: order.id,
          provider: gateway.provider,
          amountCents: intent.amountCents,
          clientSecret: intent.clientSecret,
          status: 'requires_payment_method',
        })
        .onConflictDoNothing();
      const stored = (await existing())!;
      return { clientSecret: stored.clientSecret, paymentIntentId: stored.id };
    },

    /** PATCH /purchasedSingle/{id}: the spec's "mark paid", believed only once the gateway confirms. */
    async confirmOrderPayment(caller: Caller, orderId: string, body: unknown): Promise<{ acknowledged: true; modifiedCount: number }> {
      const update = parseOrRefuse(paymentUpdateSchema, body);
      const order = await ordersService.findVisibleOrder(caller, orderId);
      const intent = await gateway.retrieveIntent(update.transactionId);
      if (!intent || intent.orderId !== order.id) throw notVerified();
      // The card was already charged in the browser: if the order cannot take it, it is refunded.
      const paid = await lifecycle.pay(intent, caller, { shortfall: 'refund' });
      if (paid.outcome === 'refunded') throw new AppError('conflict', paid.message);
      return { acknowledged: true, modifiedCount: paid.outcome === 'paid' ? 1 : 0 };
    },

    /**
     * The built-in gateway's confirm call (what Stripe.js does in the browser): checks the card,
     * and on success records the payment as Stripe's webhook would. Card data is neither stored
     * nor logged.
     */
    async confirmBuiltinPayment(body: unknown): Promise<{ status: 'succeeded'; paymentIntentId: string }> {
      if (!builtin) throw notFound('The built-in test gateway is not in use on this shop.');
      const { clientSecret, card } = parseOrRefuse(builtinConfirmSchema, body);
      const intent = await builtin.findByClientSecret(clientSecret);
      if (!intent) throw notFound('Payment not found');
      if (!intent.succeeded) {
        const outcome = TEST_CARD_OUTCOMES[card.number];
        if (!outcome) throw new AppError('payment_refused', TEST_MODE_MESSAGE, 'test_mode');
        if (!outcome.ok) throw new AppError('payment_refused', outcome.message, outcome.code);
      }
      // The shop is the card provider here: when the units are gone it refuses before charging.
      await lifecycle.pay({ ...intent, succeeded: true }, null, {
        shortfall: 'refuse',
        within: (tx) => builtin.markSucceeded(tx, intent.id),
      });
      return { status: 'succeeded', paymentIntentId: intent.id };
    },

    /** POST /webhooks/stripe: signed events only; a replayed event id changes nothing. */
    async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
      if (!stripe) throw notFound('Stripe is not in use on this shop.');
      let event: Stripe.Event;
      try {
        event = stripe.verifyWebhook(rawBody, signature ?? '');
      } catch {
        throw new AppError('bad_request', 'The webhook signature does not match.');
      }
      // The event proves the intent succeeded only if Stripe, asked directly, still says so.
      const current = event.type === 'payment_intent.succeeded' ? await gateway.retrieveIntent(event.data.object.id) : null;
      const recordEvent = (executor: DbExecutor) =>
        executor.insert(processedWebhookEvents).values({ eventId: event.id }).onConflictDoNothing().returning();
      if (event.type !== 'payment_intent.succeeded') {
        await recordEvent(db);
        return { received: true };
      }
      if (!current) throw notVerified();
      try {
        // A sold-out or cancelled order gets its money back (order-lifecycle.ts): nothing for Stripe to retry.
        await lifecycle.pay(current, null, {
          shortfall: 'refund',
          // A replayed event id changes nothing; an unverified one rolls its record back so Stripe retries.
          within: async (tx) => ((await recordEvent(tx)).length === 0 ? 'skip' : undefined),
        });
      } catch (error) {
        // An order already settled by another payment is not Stripe's to retry: keep the event as handled.
        if (!(error instanceof AppError && error.kind === 'conflict')) throw error;
        await recordEvent(db);
      }
      return { received: true };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
