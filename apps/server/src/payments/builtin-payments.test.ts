import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentLimitMessage } from '@voltline/shared/payment';
import { orderEvents, orders, paymentIntents } from '../db/schema.ts';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { itRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { card, createIntent, freshTool, placeOrder } from '../test-support/test-orders.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

describe.each(testDatabaseKinds)('card payments with the built-in gateway on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true, tool: true });
  let bob: TestUser;
  beforeAll(async () => {
    bob = await registerUser(shop);
  });

  const confirm = (clientSecret: string, number: string) =>
    shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card(number) } });
  const recordPayment = (user: TestUser, orderId: string, transactionId: string) =>
    shop.app.inject({ method: 'PATCH', url: `/api/purchasedSingle/${orderId}`, headers: bearer(user), payload: { transactionId, delivery: 'pending' } });
  const getOrder = async (user: TestUser, orderId: string) =>
    (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(user) })).json();

  it('says which gateway the payment page should use', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({ provider: 'builtin', publishableKey: null });
  });

  it("has no Stripe webhook: Stripe's routes exist only on a shop that uses Stripe", async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  it('creates one intent per order, for the amount of the order, whatever price is sent', async () => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const first = await createIntent(shop, shop.customer, orderId);
    expect(first.statusCode).toBe(200);
    const second = await createIntent(shop, shop.customer, orderId);
    expect(second.json()).toEqual(first.json());
    const [intent] = await shop.database.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId));
    expect(intent!.amountCents).toBe(shop.tool.minimumOrderQuantity * shop.tool.price * 100);
  });

  it('pays with 4242 4242 4242 4242: the order is paid once, with a transaction id and delivery pending', async () => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const { clientSecret, paymentIntentId } = (await createIntent(shop, shop.customer, orderId)).json();
    const paid = await confirm(clientSecret, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded', paymentIntentId });
    // The browser then records the payment as the spec's client does; the server already knows.
    const recorded = await recordPayment(shop.customer, orderId, paymentIntentId);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect(await getOrder(shop.customer, orderId)).toMatchObject({ status: 'paid', transactionId: paymentIntentId, delivery: 'pending' });
    const events = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((event) => event.type === 'paid')).toHaveLength(1);

    expect((await confirm(clientSecret, '4242424242424242')).statusCode).toBe(200);
    expect((await createIntent(shop, shop.customer, orderId)).statusCode).toBe(409);
    const cancel = await shop.app.inject({ method: 'DELETE', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer) });
    expect(cancel.statusCode).toBe(409);
    expect(await getOrder(shop.customer, orderId)).toMatchObject({ status: 'paid' });
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['5555 5555 5555 4444', 'test_mode', 'This shop is in test mode'],
  ])('refuses %s with the provider message and leaves the order unpaid', async (number, code, message) => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const { clientSecret } = (await createIntent(shop, shop.customer, orderId)).json();
    const before = await snapshotShop(shop.database.db);
    const response = await confirm(clientSecret, number);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: code, message: expect.stringContaining(message) });
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  it.each([
    ['an incomplete number', { number: '4242 4242', expiry: '12/34', cvc: '123', postalCode: '10115' }],
    ['a number failing the checksum', { number: '4242 4242 4242 4241', expiry: '12/34', cvc: '123', postalCode: '10115' }],
    ['an expiry in the past', { number: '4242424242424242', expiry: '01/20', cvc: '123', postalCode: '10115' }],
    ['a short security code', { number: '4242424242424242', expiry: '12/34', cvc: '1', postalCode: '10115' }],
  ])('checks the card form: %s', async (_label, badCard) => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const { clientSecret } = (await createIntent(shop, shop.customer, orderId)).json();
    const response = await shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: badCard } });
    expect(response.statusCode).toBe(400);
    expect((await getOrder(shop.customer, orderId)).status).toBe('unpaid');
  });

  it('refuses a made-up transaction id, or a real one from another order', async () => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const otherOrder = await placeOrder(shop, shop.customer, shop.tool);
    const other = (await createIntent(shop, shop.customer, otherOrder)).json();
    await confirm(other.clientSecret, '4242424242424242');
    await createIntent(shop, shop.customer, orderId);
    const before = await snapshotShop(shop.database.db);
    for (const transactionId of ['pi_made_up', other.paymentIntentId]) {
      const response = await recordPayment(shop.customer, orderId, transactionId);
      expect(response.statusCode).toBe(422);
    }
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  it('refuses an intent whose amount no longer matches the order', async () => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const { clientSecret } = (await createIntent(shop, shop.customer, orderId)).json();
    await shop.database.db.execute(`update orders set price_cents = price_cents + 1 where id = '${orderId}'`);
    expect((await confirm(clientSecret, '4242424242424242')).statusCode).toBe(422);
    expect((await getOrder(shop.customer, orderId)).status).toBe('unpaid');
  });

  it("keeps others from paying or recording someone else's order", async () => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const before = await snapshotShop(shop.database.db);
    expect((await createIntent(shop, bob, orderId)).statusCode).toBe(403);
    expect((await recordPayment(bob, orderId, 'pi_whatever')).statusCode).toBe(403);
    expect(
      (await shop.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId } })).statusCode,
    ).toBe(401);
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  it('opens the card form for an order of the most one card payment takes, and refuses a dollar more before asking for an intent', async () => {
    // Orders cost whole dollars, so $999,999 is the largest order under the $999,999.99 maximum and
    // $1,000,000 the smallest over it. Tools written straight to the database: no edit allows such a price.
    const intentOf = async (orderId: string) => shop.database.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId));
    const largest = await placeOrder(shop, shop.customer, await freshTool(shop, 1, 1, 999_999));
    const allowed = await createIntent(shop, shop.customer, largest);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await intentOf(largest)).toEqual([expect.objectContaining({ amountCents: 99_999_900, clientSecret: allowed.json().clientSecret })]);

    // Placing such an order is refused now (orders.test, issue 26): one placed before that rule, as
    // the database may still hold, is made by raising a placed order's price by a dollar.
    const over = await placeOrder(shop, shop.customer, await freshTool(shop, 1, 1, 999_999));
    await shop.database.db.update(orders).set({ unitPriceCents: 100_000_000, priceCents: 100_000_000 }).where(eq(orders.id, over));
    const refused = await createIntent(shop, shop.customer, over);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'bad_request', message: paymentLimitMessage() });
    expect(await intentOf(over)).toEqual([]);
  });

  itRaces(kind)('changes the order once when confirmations race', async () => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const { clientSecret, paymentIntentId } = (await createIntent(shop, shop.customer, orderId)).json();
    const results = await Promise.all([
      confirm(clientSecret, '4242424242424242'),
      confirm(clientSecret, '4242424242424242'),
      confirm(clientSecret, '4242424242424242'),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await recordPayment(shop.customer, orderId, paymentIntentId);
    const events = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((event) => event.type === 'paid')).toHaveLength(1);
  });
});
