import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { orderQuantityMessages } from '@voltline/shared/order';
import { newTool } from '@voltline/test-kit/tools';
import { orderEvents, orders, tools } from '../db/schema.ts';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { freshTool, placeOrder, suiteOrderRequest } from '../test-support/test-orders.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

describe.each(testDatabaseKinds)('ordering on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: { customerName: 'Alice Ampere' }, tool: true });
  let bob: TestUser;
  beforeAll(async () => {
    bob = await registerUser(shop);
  });

  const place = (user: TestUser | null, payload: Record<string, unknown>) =>
    shop.app.inject({ method: 'POST', url: '/api/purchased', headers: user ? bearer(user) : {}, payload });
  const validOrder = () => suiteOrderRequest(shop.tool);

  it('prices the order on the server and takes the buyer from the token', async () => {
    const response = await place(shop.customer, {
      ...validOrder(),
      product: 'Something cheaper',
      price: 1,
      img: 'https://evil.example/x.png',
      buyer: 'Mallory',
      buyerEamil: bob.email,
      status: 'paid',
      purchaseDate: 'yesterday',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const order = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${response.json().insertedId}`, headers: bearer(shop.customer) })).json();
    expect(order).toMatchObject({
      product: shop.tool.toolName,
      img: shop.tool.img,
      quantity: shop.tool.minimumOrderQuantity,
      unitPrice: shop.tool.price,
      price: shop.tool.minimumOrderQuantity * shop.tool.price,
      buyer: 'Alice Ampere',
      buyerEamil: shop.customer.email,
      status: 'unpaid',
      transactionId: null,
      delivery: null,
    });
    expect(order.purchaseDate).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });

  it('accepts the spec client naming the tool instead of sending its id', async () => {
    const response = await place(shop.customer, { product: shop.tool.toolName, quantity: shop.tool.minimumOrderQuantity, phone: 5550100, address: 'Depot 4' });
    expect(response.statusCode).toBe(200);
  });

  it('takes the spec client’s quantity and phone written as text, straight from the form', async () => {
    const response = await place(shop.customer, { product: shop.tool.toolName, quantity: String(shop.tool.minimumOrderQuantity), phone: '5550100', address: 'Depot 5' });
    expect(response.statusCode).toBe(200);
    const order = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${response.json().insertedId}`, headers: bearer(shop.customer) })).json();
    expect(order).toMatchObject({ quantity: shop.tool.minimumOrderQuantity, price: shop.tool.minimumOrderQuantity * shop.tool.price });
  });

  it.each([
    ['below the minimum', (t: Tool) => t.minimumOrderQuantity - 1, 422, "can't be less than"],
    ['above the stock', (t: Tool) => t.availableQuantity + 1, 422, "can't be greater than"],
    ['zero', () => 0, 422, "can't be less than"],
    ['negative', () => -5, 422, "can't be less than"],
    ['fractional', (t: Tool) => t.minimumOrderQuantity + 0.5, 400, 'whole number'],
    ['written with a decimal point', () => '2.5', 400, 'Quantity must be a whole number'],
    ['written in exponent form', () => '1e3', 400, 'Quantity must be a whole number'],
    ['empty', () => '', 400, 'Quantity must be a whole number'],
    ['spelled out', () => 'ten', 400, 'Quantity must be a whole number'],
    ['huge', () => Number.MAX_SAFE_INTEGER, 422, "can't be greater than"],
  ])('refuses a quantity %s and writes nothing', async (_label, quantity, status, message) => {
    const before = await snapshotShop(shop.database.db);
    const response = await place(shop.customer, { ...validOrder(), quantity: quantity(shop.tool) });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toContain(message);
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  it.each([
    ['no phone', { phone: undefined }],
    ['no address', { address: '' }],
    ['an unknown tool', { toolId: '00000000-0000-4000-8000-000000000000' }],
    ['a malformed tool id', { toolId: "1' or 1=1 --" }],
  ])('refuses an order with %s', async (_label, change) => {
    const before = await snapshotShop(shop.database.db);
    const response = await place(shop.customer, { ...validOrder(), ...change });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  it('refuses an order whose total would not fit, instead of failing', async () => {
    const pricey = await freshTool(shop, 10_000, 1, 1_000_000);
    const response = await place(shop.customer, { toolId: pricey._id, quantity: 5000, phone: '5550100', address: 'Plant 1' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(orderQuantityMessages.overOnePayment(1_000_000));
  });

  it('takes from a shelf worth more than one card payment an order one payment can pay, and refuses a larger one in words (issue 26)', async () => {
    // 300 units at $5,000: $1,500,000 on the shelf; 199 units ($995,000) are the most one payment takes.
    const { insertedId } = (await shop.app.inject({ method: 'POST', url: '/api/addTool', headers: bearer(shop.admin), payload: newTool({ price: 5000, availableQuantity: 300 }) })).json();
    const before = await snapshotShop(shop.database.db);
    const tooLarge = await place(shop.customer, { toolId: insertedId, quantity: 200, phone: '5550100', address: 'Plant 1' });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json()).toEqual({ error: 'invalid_data', message: 'One card payment takes at most $999,999.99: at $5,000.00 a unit, order at most 199 in one order.' });
    expect(await snapshotShop(shop.database.db)).toEqual(before);
    const fits = await place(shop.customer, { toolId: insertedId, quantity: 199, phone: '5550100', address: 'Plant 1' });
    expect(fits.statusCode).toBe(200);
    const intent = await shop.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(shop.customer), payload: { orderId: fits.json().insertedId } });
    expect(intent.statusCode).toBe(200);
  });

  it('refuses anonymous callers', async () => {
    expect((await place(null, validOrder())).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'GET', url: '/api/purchased' })).statusCode).toBe(401);
  });

  it("lists only the caller's own orders, whatever the query says", async () => {
    await placeOrder(shop, bob, shop.tool);
    const mine = (await shop.app.inject({ method: 'GET', url: `/api/purchased?buyerEamil=${bob.email}`, headers: bearer(shop.customer) })).json();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((order: { buyerEamil: string }) => order.buyerEamil === shop.customer.email)).toBe(true);
  });

  it("keeps another user's order from being read or cancelled", async () => {
    const bobsOrder = await placeOrder(shop, bob, shop.tool);
    const before = await snapshotShop(shop.database.db);
    expect((await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${bobsOrder}`, headers: bearer(shop.customer) })).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/purchasedSingle/${bobsOrder}`, headers: bearer(shop.customer) })).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/purchasedSingle/${bobsOrder}`, headers: bearer(shop.admin) })).statusCode).toBe(403);
    expect(await snapshotShop(shop.database.db)).toEqual(before);
    expect((await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${bobsOrder}`, headers: bearer(shop.admin) })).statusCode).toBe(200);
  });

  it('lets the buyer cancel an unpaid order: it stays on My Orders, marked cancelled, and on record', async () => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const response = await shop.app.inject({ method: 'DELETE', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const mine = (await shop.app.inject({ method: 'GET', url: '/api/purchased', headers: bearer(shop.customer) })).json();
    expect(mine.find((order: { _id: string }) => order._id === orderId)).toMatchObject({ status: 'unpaid', cancelled: true, refundedAmount: 0 });
    const [record] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(record!.cancelledAt).toBeInstanceOf(Date);
    const events = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((event) => [event.type, event.actorEmail])).toEqual([
      ['placed', shop.customer.email],
      ['cancelled', shop.customer.email],
    ]);
    const again = await shop.app.inject({ method: 'DELETE', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already canceled.');
  });

  it("pages a trade customer's orders: the newest 100 first, the rest behind the Link header", async () => {
    const trader = await registerUser(shop);
    await placeOrder(shop, trader, shop.tool);
    const [own] = await shop.database.db.select().from(orders).where(eq(orders.buyerEamil, trader.email));
    // Each copy takes its own id and number.
    const { id: _id, number: _number, ...template } = own!;
    await shop.database.db.insert(orders).values(
      Array.from({ length: 205 }, (_, i) => ({ ...template, createdAt: new Date(Date.now() - (i + 1) * 60_000) })),
    );
    const first = await shop.app.inject({ method: 'GET', url: '/api/purchased', headers: bearer(trader) });
    expect(first.json()).toHaveLength(100);
    expect(first.json()[0]._id).toBe(own!.id);
    const seen = new Set<string>(first.json().map((order: { _id: string }) => order._id));
    let link = first.headers.link as string | undefined;
    while (link) {
      const next = await shop.app.inject({ method: 'GET', url: link.slice(1, link.indexOf('>')), headers: bearer(trader) });
      for (const order of next.json() as { _id: string; buyerEamil: string }[]) {
        expect(order.buyerEamil).toBe(trader.email);
        seen.add(order._id);
      }
      link = next.headers.link as string | undefined;
    }
    expect(seen.size).toBe(206);
    // Another customer's cursor position means nothing in this list.
    const other = await registerUser(shop);
    const foreign = await shop.app.inject({ method: 'GET', url: (first.headers.link as string).slice(1, (first.headers.link as string).indexOf('>')), headers: bearer(other) });
    expect(foreign.statusCode).toBe(400);
  });

  it('never lets stock decide a price after the fact: the order keeps its snapshot', async () => {
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    await shop.database.db.update(tools).set({ priceCents: shop.tool.price * 1000 }).where(eq(tools.id, shop.tool._id));
    const order = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer) })).json();
    expect(order.price).toBe(shop.tool.minimumOrderQuantity * shop.tool.price);
    await shop.database.db.update(tools).set({ priceCents: shop.tool.price * 100 }).where(eq(tools.id, shop.tool._id));
  });
});
