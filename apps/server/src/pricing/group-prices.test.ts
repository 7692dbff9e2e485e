import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerGroupMessages } from '@voltline/shared/customer-groups';
import { orderQuantityMessages } from '@voltline/shared/order';
import type { StoredPricing } from '@voltline/shared/pricing';
import type { Tool } from '@voltline/shared/tool';
import { VAT_ID_EXAMPLES } from '@voltline/shared/vat-id-examples';
import { pdfText } from '@voltline/test-kit/pdf-text';
import { authUsers, cartLines, customerGroupMembers, orderLines, orders } from '../db/schema.ts';
import type { TestShop } from '../test-support/test-app.ts';
import { describeRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { card, createIntent, freshTool } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/** A German shop whose prices include 19 % VAT, delivering free: an order's total is its goods. */
const SHOP = { SHOP_COUNTRY: 'DE', SHOP_VAT_RATE: '19' };
const DELIVERY = { phone: '5550100', address: 'Stromweg 1, 10115 Berlin', country: 'DE' };
/** Trade pays 20 % off the list price of 100.00 from 5 units; 10-49 units 5 % off that, 50 and more 12 % off. */
const TRADE_PRICE = { percentOff: 20, minimumOrderQuantity: 5, tiers: [{ fromUnits: 50, percentOff: 12 }, { fromUnits: 10, percentOff: 5 }] };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The calls of these tests, over HTTP as the web app makes them. */
function groupCalls(shop: TestShop & { admin: TestUser }) {
  const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
  const ok = async (user: TestUser, method: Method, url: string, payload?: object) => {
    const answer = await call(user, method, url, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const setPrice = (group: string, tool: Tool, price: object) => ok(shop.admin, 'PUT', `/api/admin/customer-groups/${group}/prices/${tool._id}`, price);
  const quote = (user: TestUser, tool: Tool, quantity: number) => call(user, 'POST', '/api/checkout/quote', { lines: [{ toolId: tool._id, quantity }], country: 'DE' });
  const fillCart = (user: TestUser, tool: Tool, quantity: number) => ok(user, 'PUT', `/api/cart/lines/${tool._id}`, { quantity });
  const checkout = (user: TestUser, quotedTotal?: number) => call(user, 'POST', '/api/checkout', { ...DELIVERY, ...(quotedTotal === undefined ? {} : { quotedTotal }) });
  /** The order as stored: its total and pricing, and its lines' unit prices in cents. */
  const stored = async (orderId: string) => {
    const [order] = await shop.database.db.select({ priceCents: orders.priceCents, pricing: orders.pricing }).from(orders).where(eq(orders.id, orderId));
    const lines = await shop.database.db.select({ unitPriceCents: orderLines.unitPriceCents }).from(orderLines).where(eq(orderLines.orderId, orderId));
    return { totalCents: order!.priceCents, pricing: order!.pricing as StoredPricing, unitCents: lines.map((line) => line.unitPriceCents) };
  };
  /** A customer an admin put in a group (by email, as the Customer groups page does). */
  const customerIn = async (group: string) => {
    const customer = await registerUser(shop);
    await ok(shop.admin, 'PUT', '/api/admin/customer-group-members', { email: customer.email, group });
    return customer;
  };
  return { call, ok, setPrice, quote, fillCart, checkout, stored, customerIn };
}

describe.each(testDatabaseKinds)('customer groups and trade prices on $name', (kind) => {
  const shop = useTestShop(kind, { users: true, environment: SHOP });
  const calls = () => groupCalls(shop);
  let tool: Tool;
  let trade: TestUser;
  beforeAll(async () => {
    tool = await freshTool(shop, 1000, 1, 100);
    await calls().setPrice('trade', tool, TRADE_PRICE);
    // An approved business account is trade without an admin placing it.
    trade = await registerUser(shop);
    const { ok } = calls();
    const account = await ok(trade, 'POST', '/api/business-account', {
      companyName: 'Stromwerk GmbH', vatId: VAT_ID_EXAMPLES.DE, billingStreet: 'Stromweg 1', billingPostcode: '10115', billingCity: 'Berlin', billingCountry: 'DE',
    });
    await ok(shop.admin, 'POST', `/api/admin/business-accounts/${account._id}/approve`, {});
  });

  it("quotes and checks out a trade customer's order at the trade price and its tier, to the cent, and keeps the group, price and tier of the line", async () => {
    const { ok, quote, fillCart, checkout, stored } = calls();
    // The group's own minimum: 5, where the tool's is 1.
    const below = await quote(trade, tool, 4);
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toBe(orderQuantityMessages.tooFew(5));
    expect((await quote(trade, tool, 5)).json()).toMatchObject({ priceGroup: 'trade', subtotal: 400, total: 400, lines: [{ unitPrice: 80, lineTotal: 400 }] });
    // 12 units: the 10-49 tier, 5 % off 80.00; 50 units: 12 % off.
    expect((await quote(trade, tool, 50)).json()).toMatchObject({ total: 3520, lines: [{ unitPrice: 70.4 }] });
    await fillCart(trade, tool, 12);
    const quoted = await ok(trade, 'POST', '/api/checkout/quote', { country: 'DE' });
    expect(quoted).toMatchObject({ priceGroup: 'trade', subtotal: 912, total: 912, lines: [{ quantity: 12, unitPrice: 76, lineTotal: 912 }] });
    const placed = await checkout(trade, quoted.total);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = await stored(placed.json().insertedId);
    expect(order).toMatchObject({ totalCents: 91_200, unitCents: [7600], pricing: { priceGroup: { key: 'trade', lines: [{ listUnitPrice: 10_000, tierFromUnits: 10 }] } } });
    // The buyer's own order answer says the same.
    expect(await ok(trade, 'GET', `/api/purchasedSingle/${placed.json().insertedId}`)).toMatchObject({ price: 912, unitPrice: 76 });
  });

  it('answers a customer their own prices without VAT and the tier table, never through the public cached catalogue', async () => {
    const { call, ok } = calls();
    const mine = await call(trade, 'GET', `/api/my-prices?toolIds=${tool._id}`);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    // 80.00 with 19 % VAT in it is 67.23 without; the tiers from the group's minimum up.
    expect(mine.json()).toEqual({
      group: { key: 'trade', name: 'Trade', displayPricesWithoutVat: true },
      tools: [{
        toolId: tool._id, listPrice: 100, unitPrice: 80, displayedPrice: 67.23, minimumOrderQuantity: 5, displayedNetOf: 19,
        tiers: [
          { fromUnits: 5, toUnits: 9, unitPrice: 80, displayedPrice: 67.23 },
          { fromUnits: 10, toUnits: 49, unitPrice: 76, displayedPrice: 63.87 },
          { fromUnits: 50, toUnits: null, unitPrice: 70.4, displayedPrice: 59.16 },
        ],
      }],
    });
    // The public answers are the same for everyone (cached and shared): the list price, one ETag.
    const anonymous = await call(null, 'GET', `/api/getTool/${tool._id}`);
    const asTrade = await call(trade, 'GET', `/api/getTool/${tool._id}`);
    expect(asTrade.json().price).toBe(100);
    expect(asTrade.headers.etag).toBe(anonymous.headers.etag);
    expect((await call(trade, 'GET', `/api/getTools?q=${encodeURIComponent(tool.toolName)}`)).json()).toContainEqual(expect.objectContaining({ _id: tool._id, price: 100 }));
    expect((await call(null, 'GET', `/api/my-prices?toolIds=${tool._id}`)).statusCode).toBe(401);
    expect((await call(trade, 'GET', '/api/my-prices?toolIds=not-an-id')).statusCode).toBe(400);

    const retail = await registerUser(shop);
    expect(await ok(retail, 'GET', `/api/my-prices?toolIds=${tool._id}`)).toMatchObject({
      group: { key: 'retail', displayPricesWithoutVat: false },
      tools: [{ unitPrice: 100, displayedPrice: 100, minimumOrderQuantity: 1, tiers: [{ fromUnits: 1, toUnits: null, unitPrice: 100 }] }],
    });
  });

  it("answers a page's tools in one read, each customer at their own group's prices, and nothing a shared cache may keep", async () => {
    const { call, ok, setPrice, customerIn } = calls();
    const boxed = await freshTool(shop, 100, 1, 40);
    const unpriced = await freshTool(shop, 100, 1, 10);
    await setPrice('trade', boxed, { price: 30 });
    await ok(shop.admin, 'POST', '/api/admin/customer-groups', { key: 'hauliers', name: 'Hauliers' });
    await setPrice('hauliers', boxed, { price: 25 });
    const haulier = await customerIn('hauliers');
    const retail = await registerUser(shop);
    const page = `/api/my-prices?toolIds=${[tool._id, boxed._id, unpriced._id, boxed._id].join(',')}`;
    const byTool = (answer: { tools: { toolId: string; unitPrice: number; displayedPrice: number }[] }) =>
      Object.fromEntries(answer.tools.map(({ toolId, unitPrice, displayedPrice }) => [toolId, [unitPrice, displayedPrice]]));

    const asTrade = await call(trade, 'GET', page);
    expect(asTrade.statusCode, asTrade.body).toBe(200);
    // Private to the caller: no shared cache keeps it, and nothing to revalidate it by.
    expect(asTrade.headers['cache-control']).toBe('private, no-store');
    expect(asTrade.headers.etag).toBeUndefined();
    expect(asTrade.headers.expires).toBeUndefined();
    // Trade's own prices, without VAT (19 %); a tool trade does not price is the list price, without VAT too. Each tool once.
    expect(asTrade.json().tools).toHaveLength(3);
    expect(byTool(asTrade.json())).toEqual({ [tool._id]: [80, 67.23], [boxed._id]: [30, 25.21], [unpriced._id]: [10, 8.4] });
    // Another group's customer sees that group's prices, never trade's.
    const asHaulier = await ok(haulier, 'GET', page);
    expect(asHaulier.group).toEqual({ key: 'hauliers', name: 'Hauliers', displayPricesWithoutVat: false });
    expect(byTool(asHaulier)).toEqual({ [tool._id]: [100, 100], [boxed._id]: [25, 25], [unpriced._id]: [10, 10] });
    // A retail customer: the list prices, as the public catalogue says them.
    expect(byTool(await ok(retail, 'GET', page))).toEqual({ [tool._id]: [100, 100], [boxed._id]: [40, 40], [unpriced._id]: [10, 10] });

    // A catalogue page's worth at once (100 ids, unknown ones left out), and no more (refused in words).
    const others = Array.from({ length: 97 }, () => randomUUID());
    expect(byTool(await ok(trade, 'GET', `/api/my-prices?toolIds=${[tool._id, boxed._id, unpriced._id, ...others].join(',')}`))).toEqual(byTool(asTrade.json()));
    const tooMany = await call(trade, 'GET', `/api/my-prices?toolIds=${[tool._id, boxed._id, unpriced._id, ...others, randomUUID()].join(',')}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/at most/i) });
  });

  it("answers a trade customer's cart at their own prices, as the quote then charges them, and says a price changed at their price", async () => {
    const { call, ok, setPrice, fillCart, customerIn } = calls();
    const buyer = await customerIn('trade');
    const cart = () => ok(buyer, 'GET', '/api/cart');
    // The group's minimum (5) bounds the cart, not the tool's (1): checkout would refuse 4.
    const below = await call(buyer, 'PUT', `/api/cart/lines/${tool._id}`, { quantity: 4 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ error: 'bad_request', message: orderQuantityMessages.tooFew(5) });
    await fillCart(buyer, tool, 12);
    // 12 units reach the tier from 10: 76.00 a unit, 63.87 without the 19 % VAT; the line's 912.00
    // is 766.39 without VAT as the invoice takes it out (not 12 x 63.87 = 766.44).
    const line = { toolId: tool._id, unitPrice: 76, quantity: 12, lineTotal: 912, addedUnitPrice: 76, minimumOrderQuantity: 5, maximumQuantity: 1000, problem: null };
    expect(await cart()).toMatchObject({
      lines: [{ ...line, customerPrice: { groupName: 'Trade', withoutVat: true, displayedPrice: 63.87, displayedAddedUnitPrice: 63.87, displayedLineTotal: 766.39 } }],
      subtotal: 912,
      displayedSubtotal: 766.39,
    });
    expect((await call(buyer, 'GET', '/api/cart')).headers['cache-control']).toBe('private, no-store');
    expect(await ok(buyer, 'POST', '/api/checkout/quote', { country: 'DE' })).toMatchObject({ subtotal: 912, lines: [{ unitPrice: 76, lineTotal: 912 }] });

    // The group's price moves after the line was added: 25 % off, so 71.25 a unit at the tier. The
    // note compares what this customer paid (76.00 at the tier) with what they pay now, not list prices.
    await setPrice('trade', tool, { ...TRADE_PRICE, percentOff: 25 });
    const moved = await cart();
    expect(moved).toMatchObject({
      lines: [{ ...line, unitPrice: 71.25, lineTotal: 855, customerPrice: { displayedPrice: 59.87, displayedAddedUnitPrice: 63.87, displayedLineTotal: 718.49 } }],
      subtotal: 855,
      displayedSubtotal: 718.49,
    });
    expect(await ok(buyer, 'POST', '/api/checkout/quote', { country: 'DE' })).toMatchObject({ total: moved.subtotal, lines: [{ unitPrice: 71.25, lineTotal: moved.lines[0].lineTotal }] });

    // Back at the price it was added at, more units reach the next tier: a lower unit price, but not a changed price.
    await setPrice('trade', tool, TRADE_PRICE);
    await fillCart(buyer, tool, 50);
    expect((await cart()).lines).toMatchObject([{ unitPrice: 70.4, addedUnitPrice: 70.4, lineTotal: 3520, customerPrice: { displayedPrice: 59.16, displayedAddedUnitPrice: 59.16 } }]);
    await ok(buyer, 'DELETE', `/api/cart/lines/${tool._id}`);

    // A retail customer's cart is as it always was: the list price, the tool's minimum, nothing more.
    const retail = await registerUser(shop);
    await fillCart(retail, tool, 12);
    expect(await ok(retail, 'GET', '/api/cart')).toEqual({
      lines: [{ toolId: tool._id, toolName: tool.toolName, img: tool.img, unitPrice: 100, quantity: 12, lineTotal: 1200, addedUnitPrice: 100, minimumOrderQuantity: 1, maximumQuantity: 1000, problem: null }],
      subtotal: 1200,
      units: 12,
    });
  });

  it("mails and prints a trade order at the prices it charged: the tier's unit price, not the list price", async () => {
    const { call, ok, fillCart, checkout } = calls();
    await fillCart(trade, tool, 12);
    const quoted = await ok(trade, 'POST', '/api/checkout/quote', { country: 'DE' });
    const placed = await checkout(trade, quoted.total);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().insertedId as string;
    const { clientSecret } = (await createIntent(shop, trade, orderId)).json();
    const paid = await shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } });
    expect(paid.statusCode, paid.body).toBe(200);
    await shop.core.notificationDispatcher.deliverDue();
    const mails = shop.outbox().filter((mail) => mail.includes(`To: ${trade.email}`) && mail.includes(tool.toolName));
    const line = `${tool.toolName} x 12 at $76.00: $912.00`;
    expect(mails.find((mail) => /order VL-\d+ placed/.test(mail) && mail.includes(orderId))).toContain(line);
    expect(mails.find((mail) => mail.includes('(attached)'))).toContain(line);
    const invoice = await call(trade, 'GET', `/api/purchasedSingle/${orderId}/invoice.pdf`);
    expect(invoice.statusCode).toBe(200);
    const printed = await pdfText(invoice.rawPayload);
    // The invoice's unit price is without VAT: 76.00 less its 19 %, the tier's price as My Prices shows it (63.87), 12 of them 766.39.
    expect(printed).toContain(['12', '$63.87', '$0.00', '19%', '$766.39', '$145.61'].join('\n'));
    expect(printed).toContain('Total: $912.00');
    expect((await ok(trade, 'GET', `/api/my-prices?toolIds=${tool._id}`)).tools[0].tiers[1]).toMatchObject({ fromUnits: 10, displayedPrice: 63.87 });
    // Not the list price's 84.03 without VAT.
    expect(printed).not.toContain('$84.03');
  });

  it('never quotes or charges a retail customer a trade price, whichever way they order', async () => {
    const { ok, quote, fillCart, checkout, stored } = calls();
    const retail = await registerUser(shop);
    expect((await quote(retail, tool, 12)).json()).toMatchObject({ priceGroup: 'retail', total: 1200, lines: [{ unitPrice: 100 }] });
    expect((await quote(retail, tool, 1)).json()).toMatchObject({ total: 100 });
    await fillCart(retail, tool, 12);
    const viaCart = await checkout(retail, 1200);
    expect(viaCart.statusCode, viaCart.body).toBe(200);
    expect(await stored(viaCart.json().insertedId)).toMatchObject({ totalCents: 120_000, unitCents: [10_000], pricing: { priceGroup: { key: 'retail', lines: [{ tierFromUnits: null }] } } });
    // The spec's one-tool order (its fast statement when nothing but the list price applies).
    for (let time = 0; time < 2; time += 1) {
      const { insertedId } = await ok(retail, 'POST', '/api/purchased', { toolId: tool._id, quantity: 12, ...DELIVERY });
      expect(await stored(insertedId)).toMatchObject({ totalCents: 120_000, unitCents: [10_000], pricing: { priceGroup: { key: 'retail' } } });
    }
    // ...and a trade customer's one-tool order is priced as trade, never at the remembered list price.
    const { insertedId } = await ok(trade, 'POST', '/api/purchased', { toolId: tool._id, quantity: 12, ...DELIVERY });
    expect(await stored(insertedId)).toMatchObject({ totalCents: 91_200, unitCents: [7600] });
  });

  it('refuses in words a checkout whose price list was edited since its quote, writing nothing, then places it at the new price once quoted again', async () => {
    const { ok, setPrice, fillCart, checkout, customerIn } = calls();
    const buyer = await customerIn('trade');
    await fillCart(buyer, tool, 10);
    const quoted = await ok(buyer, 'POST', '/api/checkout/quote', { country: 'DE' });
    expect(quoted.total).toBe(760);
    await setPrice('trade', tool, { ...TRADE_PRICE, percentOff: 25 });
    const ordersBefore = await shop.database.db.select({ n: count() }).from(orders);
    const refused = await checkout(buyer, quoted.total);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'prices_changed', message: customerGroupMessages.pricesChanged('$760.00', '$712.50') });
    expect(await shop.database.db.select({ n: count() }).from(orders)).toEqual(ordersBefore);
    expect(await shop.database.db.select({ quantity: cartLines.quantity }).from(cartLines).where(eq(cartLines.toolId, tool._id))).toContainEqual({ quantity: 10 });
    const again = await ok(buyer, 'POST', '/api/checkout/quote', { country: 'DE' });
    expect((await checkout(buyer, again.total)).statusCode).toBe(200);
    await setPrice('trade', tool, TRADE_PRICE);
  });

  it('lets admins add groups, price tools for them, put customers in them and take them out, refusing what cannot be in words', async () => {
    const { call, ok, setPrice, quote } = calls();
    expect((await ok(shop.admin, 'GET', '/api/admin/customer-groups')).map((group: { key: string }) => group.key).slice(0, 2)).toEqual(['retail', 'trade']);
    expect(await ok(shop.admin, 'POST', '/api/admin/customer-groups', { key: 'Schools', name: 'Schools' })).toEqual({ key: 'schools', name: 'Schools', displayPricesWithoutVat: false, builtIn: false, toolPrices: 0, members: 0 });
    expect((await call(shop.admin, 'POST', '/api/admin/customer-groups', { key: 'schools', name: 'Again' })).json()).toEqual({ error: 'conflict', message: customerGroupMessages.exists('schools') });
    expect((await call(shop.admin, 'POST', '/api/admin/customer-groups', { key: 'no spaces', name: 'X' })).statusCode).toBe(400);
    expect(await ok(shop.admin, 'PATCH', '/api/admin/customer-groups/schools', { displayPricesWithoutVat: true })).toMatchObject({ displayPricesWithoutVat: true });
    expect((await call(shop.admin, 'PATCH', '/api/admin/customer-groups/nobody', { name: 'X' })).statusCode).toBe(404);

    // A price of its own (retail may order one where the tool's minimum is more: the group's minimum).
    const boxed = await freshTool(shop, 100, 3, 20);
    expect(await setPrice('schools', boxed, { price: 15.5, minimumOrderQuantity: 1 })).toMatchObject({ toolId: boxed._id, listPrice: 20, price: 15.5, percentOff: null, minimumOrderQuantity: 1, tiers: [] });
    expect((await call(shop.admin, 'PUT', `/api/admin/customer-groups/schools/prices/${boxed._id}`, { price: 10, percentOff: 5 })).statusCode).toBe(400);
    expect((await call(shop.admin, 'PUT', `/api/admin/customer-groups/schools/prices/${boxed._id}`, { tiers: [{ fromUnits: 5, percentOff: 3 }, { fromUnits: 5, percentOff: 4 }] })).statusCode).toBe(400);
    await setPrice('schools', tool, { percentOff: 50 });
    const firstPage = await call(shop.admin, 'GET', '/api/admin/customer-groups/schools/prices?limit=1');
    expect(firstPage.json()).toHaveLength(1);
    const next = /<([^>]+)>/.exec(String(firstPage.headers.link))![1]!;
    expect([...firstPage.json(), ...(await ok(shop.admin, 'GET', next))].map((price: { toolId: string }) => price.toolId).sort()).toEqual([boxed._id, tool._id].sort());

    const school = await registerUser(shop);
    expect(await ok(shop.admin, 'PUT', '/api/admin/customer-group-members', { email: school.email, group: 'schools' })).toMatchObject({ group: 'schools', placedByAdmin: true });
    expect((await ok(shop.admin, 'GET', '/api/admin/customer-groups/schools/members')).map((member: { email: string }) => member.email)).toEqual([school.email]);
    expect((await quote(school, boxed, 1)).json()).toMatchObject({ priceGroup: 'schools', total: 15.5 });
    expect((await ok(school, 'POST', '/api/purchased', { toolId: tool._id, quantity: 2, ...DELIVERY })).insertedId).toEqual(expect.any(String));
    expect((await quote(school, tool, 2)).json()).toMatchObject({ total: 100 });
    expect((await call(shop.admin, 'PUT', '/api/admin/customer-group-members', { email: 'nobody@example.com', group: 'schools' })).statusCode).toBe(404);
    expect((await call(shop.admin, 'PUT', '/api/admin/customer-group-members', { email: school.email, group: 'nothing' })).statusCode).toBe(404);
    // Back in their own group: retail, at the list price and the tool's minimum.
    expect(await ok(shop.admin, 'PUT', '/api/admin/customer-group-members', { email: school.email, group: null })).toMatchObject({ group: 'retail', placedByAdmin: false });
    expect((await quote(school, boxed, 1)).json().message).toBe(orderQuantityMessages.tooFew(3));
    expect(await ok(shop.admin, 'DELETE', `/api/admin/customer-groups/schools/prices/${boxed._id}`)).toEqual({ acknowledged: true });
    expect((await ok(shop.admin, 'GET', '/api/admin/customer-groups')).find((group: { key: string }) => group.key === 'schools')).toMatchObject({ toolPrices: 1, members: 0 });
  });
});

/**
 * Checkouts racing an admin editing the trade price list (PostgreSQL only: describeRaces). Each
 * round quotes ten carts, then checks them out at once while the price is changed: every order
 * placed charges exactly what its buyer was quoted; the others are refused in words.
 */
describeRaces('checkouts racing a price list edit', (kind) => {
  const shop = useTestShop(kind, { users: true, environment: SHOP });
  const ROUNDS = 10;
  const BUYERS = 10;

  it(`never charges a price that was not quoted (${ROUNDS * BUYERS} checkouts)`, async () => {
    const { ok, setPrice, checkout, stored } = groupCalls(shop);
    const tool = await freshTool(shop, 1_000_000, 1, 100);
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => registerUser(shop)));
    const ids = await shop.database.db.select({ id: authUsers.id }).from(authUsers).where(sql`${authUsers.email} in ${buyers.map((buyer) => buyer.email)}`);
    await shop.database.db.insert(customerGroupMembers).values(ids.map(({ id }) => ({ userId: id, groupKey: 'trade' })));
    let placed = 0;
    let refused = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      await setPrice('trade', tool, { percentOff: 10 + (round % 2) * 10 });
      await shop.database.db.insert(cartLines).values(ids.map(({ id }) => ({ userId: id, toolId: tool._id, quantity: 3, addedUnitPriceCents: 10_000, toolName: tool.toolName, img: tool.img })));
      const quotes = await Promise.all(buyers.map((buyer) => ok(buyer, 'POST', '/api/checkout/quote', { country: 'DE' })));
      const [answers] = await Promise.all([
        Promise.all(buyers.map((buyer, index) => checkout(buyer, quotes[index]!.total))),
        setPrice('trade', tool, { percentOff: 15 }),
      ]);
      for (const [index, answer] of answers.entries()) {
        if (answer.statusCode === 409) {
          expect(answer.json().error).toBe('prices_changed');
          refused += 1;
          continue;
        }
        expect(answer.statusCode, answer.body).toBe(200);
        const order = await stored(answer.json().insertedId);
        expect(order.totalCents).toBe(Math.round(quotes[index]!.total * 100));
        expect(order.unitCents).toEqual([Math.round(quotes[index]!.lines[0].unitPrice * 100)]);
        placed += 1;
      }
      await shop.database.db.delete(cartLines).where(eq(cartLines.toolId, tool._id));
    }
    expect(placed + refused).toBe(ROUNDS * BUYERS);
  }, 60_000);
});
