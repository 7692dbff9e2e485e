import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { couponUses, coupons, orderEvents, orders, tools } from '../db/schema.ts';
import { startFakeStripeApi, type FakeStripeApi } from '../test-support/fake-stripe-api.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { createIntent, placeOrder, toolRow } from '../test-support/test-orders.ts';
import { queuedMailTexts } from '../test-support/queued-mails.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

const WEBHOOK_SECRET = 'whsec_voltline_test';

describe.each(testDatabaseKinds)('card payments with Stripe on $name', (kind) => {
  let stripeApi: FakeStripeApi;
  // Started before the shop, which is told its address; stopped after the shop.
  beforeAll(async () => {
    stripeApi = await startFakeStripeApi();
  });
  afterAll(() => stripeApi.stop());
  const shop = useTestShop(kind, () => ({
    seed: true,
    users: true,
    tool: true,
    environment: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_voltline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_voltline',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApi.url,
    },
  }));

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
  /** The payment page telling the shop, after Stripe's card form, that this intent paid the order. */
  const recordFromBrowser = (user: TestUser, orderId: string, paymentIntentId: string) =>
    shop.app.inject({ method: 'PATCH', url: `/api/purchasedSingle/${orderId}`, headers: bearer(user), payload: { transactionId: paymentIntentId, delivery: 'pending' } });
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

  it('has no built-in card form: the test gateway is not in use', async () => {
    const card = { number: '4242424242424242', expiry: '12/34', cvc: '123', postalCode: '10115' };
    const response = await shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret: 'pi_x_secret_y', card } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
    const documented = Object.keys((await shop.app.inject({ method: 'GET', url: '/api/docs' })).json().paths);
    expect(documented).toContain('/api/webhooks/stripe');
    expect(documented).not.toContain('/api/payments/builtin/confirm');
  });

  it("creates the intent at Stripe with the server's amount and the order id in metadata, once", async () => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const first = (await createIntent(shop, shop.customer, orderId)).json();
    const again = (await createIntent(shop, shop.customer, orderId)).json();
    expect(again).toEqual(first);
    const intent = stripeApi.intents.get(first.paymentIntentId)!;
    expect(intent.amount).toBe(shop.tool.minimumOrderQuantity * shop.tool.price * 100);
    expect(intent.metadata.orderId).toBe(orderId);
    expect(stripeApi.requests.filter((r) => r === 'POST /v1/payment_intents')).toHaveLength(1);
  });

  it('marks the order paid once from a signed webhook, even when it is delivered twice', async () => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const { paymentIntentId } = (await createIntent(shop, shop.customer, orderId)).json();
    stripeApi.succeed(paymentIntentId);
    const event = succeededEvent('evt_paid_1', paymentIntentId);
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    const recorded = await recordFromBrowser(shop.customer, orderId, paymentIntentId);
    expect(recorded.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    const order = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer) })).json();
    expect(order).toMatchObject({ status: 'paid', transactionId: paymentIntentId, delivery: 'pending' });
    expect(await paidEvents(orderId)).toHaveLength(1);
  });

  it('refuses a webhook with a bad signature, and an event for an intent Stripe has not seen succeed', async () => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const { paymentIntentId } = (await createIntent(shop, shop.customer, orderId)).json();
    const forged = await webhook(succeededEvent('evt_forged', paymentIntentId), 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    const premature = await webhook(succeededEvent('evt_premature', paymentIntentId));
    expect(premature.statusCode).toBe(422);
    expect(await paidEvents(orderId)).toHaveLength(0);
  });

  it('records a payment from the browser only when Stripe says the intent succeeded', async () => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const { paymentIntentId } = (await createIntent(shop, shop.customer, orderId)).json();
    const record = () => recordFromBrowser(shop.customer, orderId, paymentIntentId);
    expect((await record()).statusCode).toBe(422);
    stripeApi.succeed(paymentIntentId);
    expect((await record()).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await paidEvents(orderId)).toHaveLength(1);
  });

  /** A tool of the test's own with just enough stock for one order of `quantity`. */
  async function lastUnitsTool(quantity: number): Promise<Tool> {
    const [row] = await shop.database.db
      .insert(tools)
      .values({ toolName: `Stripe last units ${Math.random()}`, description: 'x'.repeat(100), img: '/images/tools/jigsaw.svg', priceCents: 2000, minimumOrderQuantity: 1, availableQuantity: quantity })
      .returning();
    return (await shop.app.inject({ method: 'GET', url: `/api/getTool/${row!.id}` })).json();
  }
  /**
   * The customer and Bob each order all of a tool's last `units` and open the card form while the
   * units are still there: whichever payment arrives second comes too late.
   */
  async function twoOrdersOfTheLastUnits(units: number) {
    const tool = await lastUnitsTool(units);
    const bob = await registerUser(shop);
    const first = await placeOrder(shop, shop.customer, tool, units);
    const late = await placeOrder(shop, bob, tool, units);
    const firstIntent: string = (await createIntent(shop, shop.customer, first)).json().paymentIntentId;
    const lateIntent: string = (await createIntent(shop, bob, late)).json().paymentIntentId;
    return { tool, bob, first, late, firstIntent, lateIntent };
  }
  const orderOf = async (user: TestUser, orderId: string) =>
    (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(user) })).json();

  it('refunds automatically a payment that succeeds at Stripe after the last units were promised', async () => {
    const { tool, bob, first, late, firstIntent, lateIntent } = await twoOrdersOfTheLastUnits(3);
    // Both pay in the browser.
    stripeApi.succeed(firstIntent);
    stripeApi.succeed(lateIntent);
    expect((await webhook(succeededEvent('evt_first_units', firstIntent))).statusCode).toBe(200);
    expect((await webhook(succeededEvent('evt_late_units', lateIntent))).statusCode).toBe(200);
    // Delivered again, it refunds nothing more.
    expect((await webhook(succeededEvent('evt_late_units', lateIntent))).statusCode).toBe(200);

    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === lateIntent)).toEqual([expect.objectContaining({ amount: 6000 })]);
    expect(await orderOf(shop.customer, first)).toMatchObject({ status: 'paid', refundedAmount: 0, invoiceNumber: expect.stringMatching(/^INV-\d{6}$/) });
    // Refunded the moment it arrived: no invoice, so no document to offer (invoiceNumber null).
    expect(await orderOf(bob, late)).toMatchObject({ status: 'refunded', refundedAmount: 60, cancelled: true, transactionId: lateIntent, invoiceNumber: null });
    const after = await toolRow(shop, tool._id);
    expect(after).toMatchObject({ availableQuantity: 3, promisedQuantity: 3 });
    const mine = (await shop.app.inject({ method: 'GET', url: '/api/purchased', headers: bearer(bob) })).json();
    expect(mine.find((order: { _id: string }) => order._id === late)).toMatchObject({ status: 'refunded', cancelled: true });
    const [mail] = await queuedMailTexts(shop, 'order.refunded', bob.email);
    expect(mail).toContain('your payment arrived after the last units were sold');
  });

  it("gives the earlier tools' promised units back when a later tool of a cart's order sold out before its payment arrived", async () => {
    // Tools are promised in id order: the one that runs short comes after one already promised.
    const [earlier, later] = [await lastUnitsTool(4), await lastUnitsTool(4)].sort((a, b) => a._id.localeCompare(b._id));
    const bob = await registerUser(shop);
    for (const [tool, quantity] of [[earlier!, 3], [later!, 2]] as const) {
      const put = await shop.app.inject({ method: 'PUT', url: `/api/cart/lines/${tool._id}`, headers: bearer(bob), payload: { quantity } });
      expect(put.statusCode, put.body).toBe(200);
    }
    const checkout = await shop.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(bob), payload: { country: 'US', phone: '5550100', address: '1 Circuit Road' } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const cartOrder = checkout.json().insertedId as string;
    // Meanwhile another customer buys every unit of the later tool and pays first.
    const rival = await placeOrder(shop, shop.customer, later!, 4);
    const rivalIntent = (await createIntent(shop, shop.customer, rival)).json().paymentIntentId;
    const lateIntent = (await createIntent(shop, bob, cartOrder)).json().paymentIntentId;
    stripeApi.succeed(rivalIntent);
    stripeApi.succeed(lateIntent);
    expect((await webhook(succeededEvent('evt_rival_units', rivalIntent))).statusCode).toBe(200);
    expect((await webhook(succeededEvent('evt_cart_late', lateIntent))).statusCode).toBe(200);

    expect(await orderOf(bob, cartOrder)).toMatchObject({ status: 'refunded', refundedAmount: 100, cancelled: true, invoiceNumber: null });
    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === lateIntent)).toEqual([expect.objectContaining({ amount: 10_000 })]);
    const stock = (tool: Tool) => toolRow(shop, tool._id);
    // The earlier tool's 3 units, promised before the later one fell short, are on sale again.
    expect(await stock(earlier!)).toMatchObject({ availableQuantity: 4, promisedQuantity: 0 });
    expect(await stock(later!)).toMatchObject({ availableQuantity: 4, promisedQuantity: 4 });
  });

  it("tells the browser confirming a late payment that it was refunded, and refunds a cancelled order's payment", async () => {
    const { bob, late, firstIntent, lateIntent } = await twoOrdersOfTheLastUnits(2);
    stripeApi.succeed(firstIntent);
    await webhook(succeededEvent('evt_browser_first', firstIntent));
    stripeApi.succeed(lateIntent);
    const recorded = await recordFromBrowser(bob, late, lateIntent);
    expect(recorded.statusCode).toBe(409);
    expect(recorded.json().message).toBe('Your payment arrived after the last units were sold. It has been refunded in full.');
    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === lateIntent)).toHaveLength(1);

    const cancelled = await placeOrder(shop, shop.customer, await lastUnitsTool(1), 1);
    const cancelledIntent = (await createIntent(shop, shop.customer, cancelled)).json().paymentIntentId;
    await shop.app.inject({ method: 'DELETE', url: `/api/purchasedSingle/${cancelled}`, headers: bearer(shop.customer) });
    stripeApi.succeed(cancelledIntent);
    expect((await webhook(succeededEvent('evt_after_cancel', cancelledIntent))).statusCode).toBe(200);
    expect(await orderOf(shop.customer, cancelled)).toMatchObject({ status: 'refunded', refundedAmount: 20, cancelled: true });
    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === cancelledIntent)).toEqual([expect.objectContaining({ amount: 2000 })]);
  });

  it('refunds a payment that succeeds at Stripe for an order whose tool was deleted, by webhook or from the browser', async () => {
    const admin = await registerUser(shop, { role: 'admin' });
    const bob = await registerUser(shop);
    // Deleted through the shop: its unpaid order is cancelled with it.
    const tool = await lastUnitsTool(5);
    const cancelled = await placeOrder(shop, shop.customer, tool, 5);
    const cancelledIntent = (await createIntent(shop, shop.customer, cancelled)).json().paymentIntentId;
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/deleteTool/${tool._id}`, headers: bearer(admin) })).statusCode).toBe(200);
    stripeApi.succeed(cancelledIntent);
    expect((await webhook(succeededEvent('evt_deleted_tool', cancelledIntent))).statusCode).toBe(200);
    expect(await orderOf(shop.customer, cancelled)).toMatchObject({ status: 'refunded', refundedAmount: 100, cancelled: true, transactionId: cancelledIntent });
    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === cancelledIntent)).toEqual([expect.objectContaining({ amount: 10_000 })]);

    // Deleted before deletions cancelled unpaid orders: the order is still open, its tool gone.
    const gone = await lastUnitsTool(5);
    const orphan = await placeOrder(shop, bob, gone, 5);
    const orphanIntent = (await createIntent(shop, bob, orphan)).json().paymentIntentId;
    await shop.database.db.delete(tools).where(eq(tools.id, gone._id));
    stripeApi.succeed(orphanIntent);
    const recorded = await recordFromBrowser(bob, orphan, orphanIntent);
    expect(recorded.statusCode).toBe(409);
    expect(recorded.json()).toEqual({ error: 'conflict', message: 'Your payment arrived after the tool was withdrawn from sale. It has been refunded in full.' });
    // The webhook that follows changes nothing more.
    expect((await webhook(succeededEvent('evt_orphan', orphanIntent))).statusCode).toBe(200);
    expect(await orderOf(bob, orphan)).toMatchObject({ status: 'refunded', refundedAmount: 100, cancelled: true, invoiceNumber: null });
    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === orphanIntent)).toEqual([expect.objectContaining({ amount: 10_000 })]);
    expect(await paidEvents(orphan)).toHaveLength(0);
    const [mail] = await queuedMailTexts(shop, 'order.refunded', bob.email);
    expect(mail).toContain('your payment arrived after the tool was withdrawn from sale');
  });

  it("refunds a payment that succeeds at Stripe after its order's coupon hold lapsed and the code was used up, giving nothing of the code to it", async () => {
    const tool = await lastUnitsTool(10);
    const bob = await registerUser(shop);
    const made = await shop.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: bearer(shop.admin), payload: { code: 'STRIPE-LAPSED', amountOff: 5, maxUses: 1 } });
    expect(made.statusCode, made.body).toBe(200);
    const purchase = async (user: TestUser) => {
      const answer = await shop.app.inject({
        method: 'POST',
        url: '/api/purchased',
        headers: bearer(user),
        payload: { toolId: tool._id, quantity: 1, phone: '5550100', address: '1 Circuit Road', couponCode: 'STRIPE-LAPSED' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().insertedId as string;
    };
    const held = await purchase(shop.customer);
    const intent = (await createIntent(shop, shop.customer, held)).json().paymentIntentId;
    // The hold lapses before the money arrives, and Bob takes the code's one use.
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, held));
    await shop.database.db.update(couponUses).set({ heldUntil: new Date(Date.now() - 1000) }).where(eq(couponUses.id, order!.pricing!.couponUseId!));
    await purchase(bob);
    stripeApi.succeed(intent);
    expect((await webhook(succeededEvent('evt_coupon_lapsed', intent))).statusCode).toBe(200);

    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === intent)).toEqual([expect.objectContaining({ amount: 1500 })]);
    expect(await orderOf(shop.customer, held)).toMatchObject({ status: 'refunded', refundedAmount: 15, cancelled: true, invoiceNumber: null });
    const [coupon] = await shop.database.db.select().from(coupons).where(eq(coupons.code, 'STRIPE-LAPSED'));
    expect(coupon!.uses).toBe(0);
    expect(await shop.database.db.select().from(couponUses).where(eq(couponUses.couponId, coupon!.id))).toMatchObject([{ heldUntil: expect.any(Date) }]);
    const texts = await queuedMailTexts(shop, 'order.refunded', shop.customer.email);
    expect(texts.filter((text) => text.includes('your payment arrived after its hold on the code STRIPE-LAPSED ended and the code was used up'))).toHaveLength(1);
  });

  it("refunds through Stripe's Refunds API when an admin refunds", async () => {
    const admin = await registerUser(shop, { role: 'admin' });
    const tool = await lastUnitsTool(5);
    const orderId = await placeOrder(shop, shop.customer, tool, 5);
    const { paymentIntentId } = (await createIntent(shop, shop.customer, orderId)).json();
    stripeApi.succeed(paymentIntentId);
    await webhook(succeededEvent('evt_admin_refund', paymentIntentId));
    const refund = (amount: number) =>
      shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${orderId}/refund`, headers: bearer(admin), payload: { amount, reason: 'Scratched casing' } });
    expect((await refund(30)).json()).toEqual({ acknowledged: true, refundedAmount: 30, status: 'paid' });
    expect((await refund(71)).statusCode).toBe(409);
    expect((await refund(70)).json()).toEqual({ acknowledged: true, refundedAmount: 100, status: 'refunded' });
    expect(stripeApi.refunds.filter((r) => r.payment_intent === paymentIntentId).map((r) => r.amount)).toEqual([3000, 7000]);
  });
});
