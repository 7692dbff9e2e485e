import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { orderEvents } from '../db/schema.ts';
import { startFakeStripeApi, type FakeStripeApi } from '../test-support/fake-stripe-api.ts';
import { startTestShop, type TestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { createIntent, firstTool, placeOrder } from '../test-support/test-orders.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

const WEBHOOK_SECRET = 'whsec_voltline_test';

describe.each(testDatabaseKinds)('card payments with Stripe on $name', (kind) => {
  let stripeApi: FakeStripeApi;
  let shop: TestShop;
  let alice: TestUser;
  let tool: Tool;
  beforeAll(async () => {
    stripeApi = await startFakeStripeApi();
    shop = await startTestShop(kind, {
      seed: true,
      environment: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_voltline',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_voltline',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripeApi.url,
      },
    });
    alice = await registerUser(shop);
    tool = await firstTool(shop);
  });
  afterAll(async () => {
    await shop.close();
    await stripeApi.stop();
  });

  function webhook(event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return shop.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }
  const succeededEvent = (eventId: string, intentId: string) => ({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: intentId, object: 'payment_intent' } },
  });
  const paidEvents = async (orderId: string) =>
    (await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter((e) => e.type === 'paid');

  it("allows Stripe's hosts in the CSP only when Stripe is on", async () => {
    const csp = (await shop.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
    expect(csp).toContain('script-src \'self\' https://js.stripe.com');
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
  });

  it('serves the publishable key to the payment page', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_voltline',
    });
  });

  it("creates the intent at Stripe with the server's amount and the order id in metadata, once", async () => {
    const orderId = await placeOrder(shop, alice, tool);
    const first = (await createIntent(shop, alice, orderId)).json();
    const again = (await createIntent(shop, alice, orderId)).json();
    expect(again).toEqual(first);
    const intent = stripeApi.intents.get(first.paymentIntentId)!;
    expect(intent.amount).toBe(tool.minimumOrderQuantity * tool.price * 100);
    expect(intent.metadata.orderId).toBe(orderId);
    expect(stripeApi.requests.filter((r) => r === 'POST /v1/payment_intents')).toHaveLength(1);
  });

  it('marks the order paid once from a signed webhook, even when it is delivered twice', async () => {
    const orderId = await placeOrder(shop, alice, tool);
    const { paymentIntentId } = (await createIntent(shop, alice, orderId)).json();
    stripeApi.succeed(paymentIntentId);
    const event = succeededEvent('evt_paid_1', paymentIntentId);
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    const recorded = await shop.app.inject({
      method: 'PATCH',
      url: `/api/purchasedSingle/${orderId}`,
      headers: bearer(alice),
      payload: { transactionId: paymentIntentId, delivery: 'pending' },
    });
    expect(recorded.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    const order = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(alice) })).json();
    expect(order).toMatchObject({ status: 'paid', transactionId: paymentIntentId, delivery: 'pending' });
    expect(await paidEvents(orderId)).toHaveLength(1);
  });

  it('refuses a webhook with a bad signature, and an event for an intent Stripe has not seen succeed', async () => {
    const orderId = await placeOrder(shop, alice, tool);
    const { paymentIntentId } = (await createIntent(shop, alice, orderId)).json();
    const forged = await webhook(succeededEvent('evt_forged', paymentIntentId), 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    const premature = await webhook(succeededEvent('evt_premature', paymentIntentId));
    expect(premature.statusCode).toBe(422);
    expect(await paidEvents(orderId)).toHaveLength(0);
  });

  it('records a payment from the browser only when Stripe says the intent succeeded', async () => {
    const orderId = await placeOrder(shop, alice, tool);
    const { paymentIntentId } = (await createIntent(shop, alice, orderId)).json();
    const record = () =>
      shop.app.inject({
        method: 'PATCH',
        url: `/api/purchasedSingle/${orderId}`,
        headers: bearer(alice),
        payload: { transactionId: paymentIntentId, delivery: 'pending' },
      });
    expect((await record()).statusCode).toBe(422);
    stripeApi.succeed(paymentIntentId);
    expect((await record()).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await paidEvents(orderId)).toHaveLength(1);
  });
});
