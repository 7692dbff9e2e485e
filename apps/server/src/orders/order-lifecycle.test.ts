import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderQuantityMessages, refundMessages } from '@voltline/shared/order';
import { openPglite, openPostgres } from '../db/client.ts';
import { orderEvents, orders, paymentIntents, tools } from '../db/schema.ts';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { startTestShop } from '../test-support/test-app.ts';
import { describeRaces, itRaces, RACE_TRIALS, testDatabaseKinds, type TestDatabaseKind } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { queuedMailTexts } from '../test-support/queued-mails.ts';
import { card, createIntent, freshTool, insertOneLineOrders, openCardForms, placeOrder, placePaidOrder, toolRow } from '../test-support/test-orders.ts';
import { bearer, registerCustomerAndAdmin, registerUser, type TestUser } from '../test-support/test-users.ts';

// Fewer trials than the thousand this began with (RACE_TRIALS), each with one and a half times the
// pool's ten connections paying at once: every trial queues payments behind the locked tool row.
const TRIALS = RACE_TRIALS;
const BUYERS_PER_TRIAL = 15;
const UNIT_PRICE = 3;

describe.each(testDatabaseKinds)('the order lifecycle on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });

  const confirm = (clientSecret: string) =>
    shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } });
  const refund = (orderId: string, body: object, user: TestUser = shop.admin) =>
    shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${orderId}/refund`, headers: bearer(user), payload: body });
  const getOrder = async (orderId: string) =>
    (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer) })).json();

  it('refuses to open the card form when the units left no longer cover the order', async () => {
    const tool = await freshTool(shop, 5);
    const first = await placeOrder(shop, shop.customer, tool, 4);
    const second = await placeOrder(shop, shop.customer, tool, 3);
    const { clientSecret } = (await createIntent(shop, shop.customer, first)).json();
    expect((await confirm(clientSecret)).statusCode).toBe(200);
    const refused = await createIntent(shop, shop.customer, second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'conflict', message: orderQuantityMessages.onlyLeft(1) });
    // The catalogue tells the next customer what can still be ordered; placing more is refused.
    expect((await shop.app.inject({ method: 'GET', url: `/api/getTool/${tool._id}` })).json()).toMatchObject({ availableQuantity: 5, orderableQuantity: 1 });
    await expect(placeOrder(shop, shop.customer, tool, 2)).rejects.toThrow(orderQuantityMessages.tooMany(1));
  });

  it('refunds part, then the rest, of an unshipped order: cancelled, its units back on sale, every step on record', async () => {
    const tool = await freshTool(shop, 20, 1, 15);
    const orderId = await placePaidOrder(shop, shop.customer, tool, 8);
    expect((await toolRow(shop, tool._id)).promisedQuantity).toBe(8);

    const part = await refund(orderId, { amount: 50, reason: 'Two units arrived late' });
    expect(part.json()).toEqual({ acknowledged: true, refundedAmount: 50, status: 'paid' });
    expect(await getOrder(orderId)).toMatchObject({ price: 120, refundedAmount: 50, refundableAmount: 70, status: 'paid', cancelled: false });
    expect((await toolRow(shop, tool._id)).promisedQuantity).toBe(8);

    // No amount: the rest, 120 - 50.
    const rest = await refund(orderId, { reason: 'Customer changed their mind' });
    expect(rest.json()).toEqual({ acknowledged: true, refundedAmount: 120, status: 'refunded' });
    expect(await getOrder(orderId)).toMatchObject({ refundedAmount: 120, refundableAmount: 0, status: 'refunded', cancelled: true });
    expect(await toolRow(shop, tool._id)).toMatchObject({ availableQuantity: 20, promisedQuantity: 0 });
    const [intent] = await shop.database.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId));
    expect(intent!.refundedCents).toBe(12_000);

    const history = (await shop.app.inject({ method: 'GET', url: `/api/adminPurchased/${orderId}/history`, headers: bearer(shop.admin) })).json();
    expect(history.filter((event: { type: string }) => event.type === 'refunded')).toEqual([
      // Each refund names the credit note it issued (invoices/).
      expect.objectContaining({ actorEmail: shop.admin.email, detail: expect.stringMatching(/^\$50\.00 of \$120\.00 \(not shipped yet, credit note CN-\d{6}\): Two units arrived late$/) }),
      expect.objectContaining({
        actorEmail: shop.admin.email,
        detail: expect.stringMatching(/^\$70\.00 of \$120\.00 \(order canceled, 8 units back on sale, credit note CN-\d{6}\): Customer changed their mind$/),
      }),
    ]);
    expect(await queuedMailTexts(shop, 'order.refunded', shop.customer.email)).toEqual(
      expect.arrayContaining([expect.stringContaining('we refunded $50.00 to your card: Two units arrived late'), expect.stringContaining('Your order is refunded in full.')]),
    );

    // The buyer still sees it on My Orders; the admin finds it under Refunded, Cancelled and All orders.
    const mine = (await shop.app.inject({ method: 'GET', url: '/api/purchased', headers: bearer(shop.customer) })).json();
    expect(mine.find((order: { _id: string }) => order._id === orderId)).toMatchObject({ status: 'refunded', cancelled: true });
    const refunded = (await shop.app.inject({ method: 'GET', url: '/api/adminPurchased?status=refunded', headers: bearer(shop.admin) })).json();
    expect(refunded.map((order: { _id: string }) => order._id)).toContain(orderId);
    const cancelled = (await shop.app.inject({ method: 'GET', url: '/api/adminPurchased?status=cancelled', headers: bearer(shop.admin) })).json();
    expect(cancelled.map((order: { _id: string }) => order._id)).toContain(orderId);
    const all = (await shop.app.inject({ method: 'GET', url: '/api/adminPurchased', headers: bearer(shop.admin) })).json();
    expect(all.find((order: { _id: string }) => order._id === orderId)).toMatchObject({ status: 'refunded', cancelled: true });
  });

  it('refunds a shipped order in full without restocking it', async () => {
    const tool = await freshTool(shop, 10);
    const orderId = await placePaidOrder(shop, shop.customer, tool, 4);
    expect((await shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${orderId}`, headers: bearer(shop.admin), payload: {} })).statusCode).toBe(200);
    expect((await refund(orderId, { reason: 'Damaged in transit' })).json()).toEqual({ acknowledged: true, refundedAmount: 40, status: 'refunded' });
    expect(await toolRow(shop, tool._id)).toMatchObject({ availableQuantity: 6, promisedQuantity: 0 });
    expect(await getOrder(orderId)).toMatchObject({ status: 'refunded', delivery: 'shipped', cancelled: false });
  });

  it('refuses refunds to customers, of unpaid orders, past the total and twice, and changes nothing', async () => {
    const tool = await freshTool(shop, 10);
    const unpaid = await placeOrder(shop, shop.customer, tool, 1);
    const paid = await placePaidOrder(shop, shop.customer, tool, 3);
    await refund(paid, { amount: 25, reason: 'Partly late' });
    const before = await snapshotShop(shop.database.db);
    const cases: [TestUser, string, object, number, string][] = [
      [shop.customer, paid, { amount: 1, reason: 'Please' }, 403, 'forbidden'],
      [shop.admin, unpaid, { reason: 'Nothing paid' }, 409, refundMessages.unpaid],
      [shop.admin, paid, { amount: 6, reason: 'Too much' }, 409, refundMessages.pastTotal(5)],
      [shop.admin, paid, { amount: '2.505', reason: 'Sub-cents' }, 400, 'Amount must be an amount such as 12.50'],
      [shop.admin, paid, { amount: 0, reason: 'Nothing' }, 400, 'Amount must be at least $0.01'],
      [shop.admin, paid, { amount: 1 }, 400, 'Say why the order is refunded'],
      [shop.admin, paid, { amount: 1, reason: 'x'.repeat(201) }, 400, 'Reason can be at most 200 characters'],
      [shop.admin, '00000000-0000-4000-8000-000000000000', { reason: 'No order' }, 404, 'Order not found'],
    ];
    for (const [user, orderId, body, status, words] of cases) {
      const response = await refund(orderId, body, user);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message + response.json().error).toContain(words);
    }
    expect(await snapshotShop(shop.database.db)).toEqual(before);
    expect((await refund(paid, { reason: 'The rest' })).json().status).toBe('refunded');
    const twice = await refund(paid, { amount: 1, reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(refundMessages.alreadyRefunded);
  });

  itRaces(kind)('gives two admins refunding at once no more than was paid', async () => {
    const tool = await freshTool(shop, 10);
    const orderId = await placePaidOrder(shop, shop.customer, tool, 5);
    const results = await Promise.all(Array.from({ length: 6 }, () => refund(orderId, { amount: 20, reason: 'Racing' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await getOrder(orderId)).toMatchObject({ refundedAmount: 40, status: 'paid' });
  });
});

/** Customers paying at once for the last units: the stock promised never exceeds what exists. */
describeRaces('payments racing for the last units', (kind) => {
  const shop = useTestShop(kind);
  const confirm = (clientSecret: string) =>
    shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } });

  it(`${TRIALS} trials of ${BUYERS_PER_TRIAL} customers paying at once for the last units promise at most the stock`, { timeout: 600_000 }, async () => {
    const db = shop.database.db;
    for (let trial = 0; trial < TRIALS; trial += 1) {
      // Quantities 1..3 (30 units in all) and a stock from 3 to 27 units: which payments win is up
      // to the race.
      const quantities = Array.from({ length: BUYERS_PER_TRIAL }, (_, i) => 1 + ((trial + i) % 3));
      const stock = 3 + (trial % 25);
      const [tool] = await db
        .insert(tools)
        .values({ toolName: `Last units ${kind.name} ${trial}`, description: 'race', img: '/images/tools/jigsaw.svg', priceCents: UNIT_PRICE * 100, minimumOrderQuantity: 1, availableQuantity: stock })
        .returning();
      // Unpaid orders with their intents, as placing and opening the card form leave them (written
      // directly to keep the trials quick; the race itself goes through the real endpoint).
      const placed = await insertOneLineOrders(
        db,
          quantities.map((quantity) => ({
            toolId: tool!.id,
            userId: null,
            product: tool!.toolName,
            img: tool!.img,
            unitPriceCents: UNIT_PRICE * 100,
            quantity,
            priceCents: quantity * UNIT_PRICE * 100,
            buyer: 'Racer',
            buyerEamil: 'racer@example.com',
            phone: '5550100',
            address: 'Track 1',
            purchaseDate: 'Saturday, Nov 21, 2026',
          })),
      );
      const secrets = await openCardForms(db, placed);

      const results = await Promise.all(secrets.map((secret) => confirm(secret)));
      const paid = placed.filter((_, i) => results[i]!.statusCode === 200);
      const paidUnits = paid.reduce((sum, order) => sum + order.quantity, 0);
      const after = await toolRow(shop, tool!.id);
      expect(paidUnits).toBeLessThanOrEqual(stock);
      expect(after.promisedQuantity).toBe(paidUnits);
      expect(after.availableQuantity).toBe(stock);
      for (const [i, result] of results.entries()) {
        if (result.statusCode === 200) continue;
        // Every refusal is a 409 in the shop's words, for an order that no longer fitted.
        expect(result.statusCode).toBe(409);
        expect(result.json().message).toMatch(/^(Only \d+ left: lower the quantity|Out of stock: the last units were just sold)$/);
        expect(placed[i]!.quantity).toBeGreaterThan(stock - paidUnits);
      }
      const rows = await db.select().from(orders).where(inArray(orders.id, placed.map((order) => order.id)));
      expect(rows.filter((row) => row.status === 'paid').map((row) => row.id).sort()).toEqual(paid.map((order) => order.id).sort());
    }
  });
});

/** A database two shops can open one after the other, as a restarted shop does. */
async function reopenableDatabase(kind: TestDatabaseKind): Promise<{ kind: TestDatabaseKind; dispose(): Promise<void> }> {
  if (kind.name === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voltline-restart-'));
    return { kind: { name: 'pglite', open: () => openPglite({ dataDir }) }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const first = await kind.open();
  return { kind: { name: 'postgres', open: () => openPostgres(first.url!) }, dispose: () => first.close() };
}

describe.each(testDatabaseKinds)('a restart between payment and refund on $name', (kind) => {
  it('loses nothing: the promise, the payment and then the refund all hold', { timeout: 120_000 }, async () => {
    const database = await reopenableDatabase(kind);
    try {
      const before = await startTestShop(database.kind, { seed: true });
      const { customer, admin } = await registerCustomerAndAdmin(before);
      const tool = await freshTool(before, 12, 1, 7);
      const orderId = await placePaidOrder(before, customer, tool, 5);
      await before.close();

      const after = await startTestShop(database.kind);
      try {
        expect((await after.app.inject({ method: 'GET', url: `/api/getTool/${tool._id}` })).json()).toMatchObject({ availableQuantity: 12, orderableQuantity: 7 });
        const refunded = await after.app.inject({ method: 'POST', url: `/api/adminPurchased/${orderId}/refund`, headers: bearer(admin), payload: { reason: 'Out of season' } });
        expect(refunded.json()).toEqual({ acknowledged: true, refundedAmount: 35, status: 'refunded' });
        expect(await toolRow(after, tool._id)).toMatchObject({ availableQuantity: 12, promisedQuantity: 0 });
        const events = await after.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
        expect(events.map((event) => event.type).sort()).toEqual(['paid', 'placed', 'refunded']);
        const other = await registerUser(after);
        // What was freed can be ordered and paid again.
        await placePaidOrder(after, other, { ...tool, orderableQuantity: 12 }, 12);
      } finally {
        await after.close();
      }
    } finally {
      await database.dispose();
    }
  });
});
