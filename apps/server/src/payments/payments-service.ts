import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { builtinConfirmSchema, PAYMENT_LIMIT_MESSAGE, type PaymentConfig } from '@voltline/shared/payment';
import { paymentUpdateSchema } from '@voltline/shared/order';
import { PAYMENT_MAXIMUM } from '@voltline/shared/shop-constants';
import type { Database, DbExecutor } from '../db/client.ts';
import { orderEvents, orders, paymentIntents, processedWebhookEvents } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { parseOrRefuse } from '../http/parse-body.ts';
import type { Caller } from '../identity/caller.ts';
import type { OrderNotifier } from '../notifications/order-notifier.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import { TEST_CARD_OUTCOMES, TEST_MODE_MESSAGE, type BuiltinGateway } from './builtin-gateway.ts';
import type { GatewayIntent, PaymentGateway } from './payment-gateway.ts';
import type { StripeGateway } from './stripe-gateway.ts';

const cents = (dollars: number) => dollars * 100;
const notVerified = () =>
  new AppError('UNPROCESSABLE', 'The payment could not be verified with the card provider. The order stays unpaid.');

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
  notifier: OrderNotifier;
}) {
  const { db, orders: ordersService, gateway, builtin, stripe, notifier } = deps;

  /**
   * unpaid -> paid, once. The conditional update makes concurrent confirmations (the browser and
   * a webhook, or a retried request) change the order exactly once.
   */
  async function markPaid(
    executor: DbExecutor,
    intent: GatewayIntent,
    actor: { userId: string; email: string } | null,
  ): Promise<{ changed: boolean }> {
    const [order] = await executor.select().from(orders).where(eq(orders.id, intent.orderId ?? ''));
    if (!order || !intent.succeeded || intent.amountCents !== cents(order.price)) throw notVerified();
    const [paid] = await executor
      .update(orders)
      .set({ status: 'paid', transactionId: intent.id, delivery: 'pending' })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid'), isNull(orders.cancelledAt)))
      .returning();
    if (!paid) {
      // Another confirmation got there first: read the order as it is now, not as it was.
      const [now] = await executor.select().from(orders).where(eq(orders.id, order.id));
      if (now?.status === 'paid' && now.transactionId === intent.id) return { changed: false };
      throw new AppError('CONFLICT', now?.cancelledAt ? 'This order was cancelled.' : 'This order is already paid.');
    }
    await executor.insert(orderEvents).values({
      orderId: order.id,
      type: 'paid',
      actorUserId: actor?.userId ?? null,
      actorEmail: actor?.email ?? null,
      detail: `${gateway.provider} ${intent.id}`,
    });
    await notifier.paid(executor, paid);
    return { changed: true };
  }

  return {
    config(): PaymentConfig {
      return { provider: gateway.provider, publishableKey: gateway.publishableKey };
    },

    /** POST /create-payment-intent: only the buyer of an unpaid order; one intent per order, reused. */
    async createIntent(caller: Caller, orderId: string): Promise<{ clientSecret: string; paymentIntentId: string }> {
      const order = await ordersService.findVisibleOrder(caller, orderId);
      if (order.userId !== caller.userId) throw new AppError('FORBIDDEN', 'Only the buyer can pay this order.');
      if (order.status !== 'unpaid') throw new AppError('CONFLICT', 'This order is already paid.');
      if (order.price > PAYMENT_MAXIMUM) throw new AppError('INVALID_DATA', PAYMENT_LIMIT_MESSAGE);

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
      const { changed } = await db.transaction((tx) => markPaid(tx, intent, caller));
      return { acknowledged: true, modifiedCount: changed ? 1 : 0 };
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
        if (!outcome) throw new AppError('PAYMENT_REFUSED', TEST_MODE_MESSAGE, 'test_mode');
        if (!outcome.ok) throw new AppError('PAYMENT_REFUSED', outcome.message, outcome.code);
      }
      await db.transaction(async (tx) => {
        await markPaid(tx, { ...intent, succeeded: true }, null);
        await builtin.markSucceeded(tx, intent.id);
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
        throw new AppError('INVALID_DATA', 'The webhook signature does not match.');
      }
      // The event proves the intent succeeded only if Stripe, asked directly, still says so.
      const current = event.type === 'payment_intent.succeeded' ? await gateway.retrieveIntent(event.data.object.id) : null;
      await db.transaction(async (tx) => {
        const fresh = await tx.insert(processedWebhookEvents).values({ eventId: event.id }).onConflictDoNothing().returning();
        if (fresh.length === 0 || event.type !== 'payment_intent.succeeded') return;
        if (!current?.succeeded) throw notVerified();
        try {
          await markPaid(tx, current, null);
        } catch (error) {
          // A cancelled or already-settled order is not Stripe's to retry: keep the event as handled.
          if (!(error instanceof AppError && error.kind === 'CONFLICT')) throw error;
        }
      });
      return { received: true };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
