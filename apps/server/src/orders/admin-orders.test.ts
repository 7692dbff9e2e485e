import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { LOW_STOCK_SHOWN } from '@voltline/shared/order';
import { notifications, orders, shopDayTotals, tools } from '../db/schema.ts';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { itRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { freshTool, insertOneLineOrders, newToolRow, placeOrder, placePaidOrder, rawOrderRow, toolRow } from '../test-support/test-orders.ts';
import { bearer, type TestUser } from '../test-support/test-users.ts';

describe.each(testDatabaseKinds)('back office orders on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  let tool: Tool;

  const stockOf = async (toolId: string) => (await toolRow(shop, toolId)).availableQuantity;
  const ship = (orderId: string, user: TestUser | null = shop.admin) =>
    shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${orderId}`, headers: user ? bearer(user) : {}, payload: { delivery: 'shipped' } });
  const list = async (query = '') => (await shop.app.inject({ method: 'GET', url: `/api/adminPurchased${query}`, headers: bearer(shop.admin) })).json();

  beforeAll(async () => {
    tool = await freshTool(shop, 1000, 5);
  });

  it('filters orders: pending, shipped, unpaid and all, newest first', async () => {
    const unpaid = await placeOrder(shop, shop.customer, tool);
    const pending = await placePaidOrder(shop, shop.customer, tool);
    const shipped = await placePaidOrder(shop, shop.customer, tool);
    expect((await ship(shipped)).statusCode).toBe(200);
    const ids = (orders: { _id: string }[]) => orders.map((order) => order._id);
    expect(ids(await list('?delivery=pending'))).toContain(pending);
    expect(ids(await list('?delivery=pending'))).not.toContain(shipped);
    expect(ids(await list('?delivery=shipped'))).toEqual(expect.arrayContaining([shipped]));
    expect(ids(await list('?status=unpaid'))).toContain(unpaid);
    expect(ids(await list('?status=unpaid'))).not.toContain(pending);
    const all = ids(await list());
    expect(all.slice(0, 3)).toEqual([shipped, pending, unpaid]);
    expect((await shop.app.inject({ method: 'GET', url: '/api/adminPurchased?delivery=lost', headers: bearer(shop.admin) })).statusCode).toBe(400);
  });

  it('ships a paid order and lowers the stock once, even when shipped twice', async () => {
    const own = await freshTool(shop, 50, 5);
    const orderId = await placePaidOrder(shop, shop.customer, own, 20);
    expect((await ship(orderId)).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await stockOf(own._id)).toBe(30);
    const again = await ship(orderId);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(own._id)).toBe(30);
    const order = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer) })).json();
    expect(order.delivery).toBe('shipped');
    const history = (await shop.app.inject({ method: 'GET', url: `/api/adminPurchased/${orderId}/history`, headers: bearer(shop.admin) })).json();
    expect(history.map((event: { type: string }) => event.type)).toEqual(['placed', 'paid', 'shipped']);
    expect(history[2].actorEmail).toBe(shop.admin.email);
  });

  it('refuses to ship an unpaid order or when stock is short, and changes nothing', async () => {
    const own = await freshTool(shop, 30, 10);
    const unpaid = await placeOrder(shop, shop.customer, own, 10);
    const paid = await placePaidOrder(shop, shop.customer, own, 30);
    await shop.database.db.update(tools).set({ availableQuantity: 29 }).where(eq(tools.id, own._id));
    const before = await snapshotShop(shop.database.db);
    expect((await ship(unpaid)).statusCode).toBe(409);
    const short = await ship(paid);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toContain('Not enough stock to ship: 30 ordered, 29 available');
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  itRaces(kind)('ships every order the stock promised, each once, when Deliver is pressed twice at once', async () => {
    const own = await freshTool(shop, 100, 1);
    const orderIds = [];
    // Payments promise the stock: 14 orders of 7 fit in 100, the 15th cannot even be placed.
    for (let i = 0; i < Math.floor(100 / 7); i += 1) orderIds.push(await placePaidOrder(shop, shop.customer, own, 7));
    await expect(placeOrder(shop, shop.customer, own, 7)).rejects.toThrow("can't be greater than 2");
    const results = await Promise.all([...orderIds, ...orderIds].map((id) => ship(id)));
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(orderIds.length);
    const after = await toolRow(shop, own._id);
    expect(after).toMatchObject({ availableQuantity: 100 - orderIds.length * 7, promisedQuantity: 0 });
  });

  it('cancels an unpaid order as a record, and refuses cancelling a paid one', async () => {
    const unpaid = await placeOrder(shop, shop.customer, tool);
    const paid = await placePaidOrder(shop, shop.customer, tool);
    const cancel = (id: string) => shop.app.inject({ method: 'DELETE', url: `/api/deletOrder/${id}`, headers: bearer(shop.admin) });
    expect((await cancel(unpaid)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await cancel(paid)).statusCode).toBe(409);
    expect((await list('?status=unpaid')).map((o: { _id: string }) => o._id)).not.toContain(unpaid);
    const history = (await shop.app.inject({ method: 'GET', url: `/api/adminPurchased/${unpaid}/history`, headers: bearer(shop.admin) })).json();
    expect(history.at(-1)).toMatchObject({ type: 'cancelled', actorEmail: shop.admin.email, detail: 'by an admin' });
  });

  it('exports the filtered orders as CSV, defusing formulas', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/purchased',
      headers: bearer(shop.customer),
      payload: { toolId: tool._id, quantity: 5, phone: '5550100', address: '=HYPERLINK("http://evil.example","click")' },
    });
    const orderId = response.json().insertedId;
    const csv = await shop.app.inject({ method: 'GET', url: '/api/adminPurchased/export.csv?status=unpaid', headers: bearer(shop.admin) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="voltline-orders-unpaid.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('_id,purchaseDate,product,quantity,unitPrice,price,buyer,buyerEamil,phone,address,status,transactionId,delivery,refundedAmount,cancelledAt,lines,deliveryName,deliveryStreet,deliveryPostcode,deliveryCity,country,placedAt,invoiceNumber,vatId,vatTreatment,couponCode,couponDiscount,deliveryCharge,deliveryDiscount,vatAmount,orderNumber,currency');
    const line = lines.find((l) => l.startsWith(orderId))!;
    // Every line of the order in its last cell: units, name, unit price and line total.
    expect(line).toContain(`5 x ${tool.toolName} at ${tool.price} = ${5 * tool.price}`);
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    // The last column names the shop's currency (decision 067).
    expect(line).toMatch(/,USD$/);
  });

  describe('cancelled and refunded orders (issue 26)', () => {
    let placed: { live: string; partlyRefunded: string; shipped: string; cancelledByCustomer: string; cancelledByAdmin: string; refundedInFull: string };
    let crimper: Tool;
    const ids = (orders: { _id: string }[]) => orders.map((order) => order._id);
    const refund = (orderId: string, body: object) =>
      shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${orderId}/refund`, headers: bearer(shop.admin), payload: body });

    // Six orders of one tool: one customer cancel, one admin cancel, one full refund before shipping
    // (which cancels), a partial refund, a shipped and an unpaid order.
    beforeAll(async () => {
      crimper = await freshTool(shop, 1000, 1, 100, `Voltline Crimping Tool ${Date.now()}`);
      const cancelledByCustomer = await placeOrder(shop, shop.customer, crimper);
      expect((await shop.app.inject({ method: 'DELETE', url: `/api/purchasedSingle/${cancelledByCustomer}`, headers: bearer(shop.customer) })).statusCode).toBe(200);
      const cancelledByAdmin = await placeOrder(shop, shop.customer, crimper);
      expect((await shop.app.inject({ method: 'DELETE', url: `/api/deletOrder/${cancelledByAdmin}`, headers: bearer(shop.admin) })).statusCode).toBe(200);
      const refundedInFull = await placePaidOrder(shop, shop.customer, crimper, 2);
      expect((await refund(refundedInFull, { reason: 'Changed their mind' })).json()).toMatchObject({ status: 'refunded' });
      const partlyRefunded = await placePaidOrder(shop, shop.customer, crimper, 9);
      expect((await refund(partlyRefunded, { amount: 100, reason: 'Box dented' })).statusCode).toBe(200);
      const shipped = await placePaidOrder(shop, shop.customer, crimper);
      expect((await ship(shipped)).statusCode).toBe(200);
      const live = await placeOrder(shop, shop.customer, crimper);
      placed = { live, partlyRefunded, shipped, cancelledByCustomer, cancelledByAdmin, refundedInFull };
    });

    it('lists every order under All orders, cancelled ones included and marked', async () => {
      const all = await list(`?q=${encodeURIComponent(crimper.toolName)}`);
      expect(ids(all)).toEqual([placed.live, placed.shipped, placed.partlyRefunded, placed.refundedInFull, placed.cancelledByAdmin, placed.cancelledByCustomer]);
      expect(all.map((order: { cancelled: boolean }) => order.cancelled)).toEqual([false, false, false, true, true, true]);
    });

    it('lists the cancelled orders alone under ?status=cancelled, newest first, a page at a time', async () => {
      const cancelled = [placed.refundedInFull, placed.cancelledByAdmin, placed.cancelledByCustomer];
      expect(ids(await list(`?status=cancelled&q=${encodeURIComponent(crimper.toolName)}`))).toEqual(cancelled);
      // Paged on the server: two, then the next page from the Link header.
      const first = await shop.app.inject({ method: 'GET', url: `/api/adminPurchased?status=cancelled&limit=2&q=${encodeURIComponent(crimper.toolName)}`, headers: bearer(shop.admin) });
      expect(ids(first.json())).toEqual(cancelled.slice(0, 2));
      const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
      expect(ids((await shop.app.inject({ method: 'GET', url: next, headers: bearer(shop.admin) })).json())).toEqual(cancelled.slice(2));
      // Work still to do holds live orders only.
      expect(ids(await list(`?status=unpaid&q=${encodeURIComponent(crimper.toolName)}`))).toEqual([placed.live]);
      expect(ids(await list(`?delivery=pending&q=${encodeURIComponent(crimper.toolName)}`))).toEqual([placed.partlyRefunded]);
    });

    it('finds an order in any state by a part of the product, the name, the email or the address', async () => {
      const everyOrder = [placed.live, placed.shipped, placed.partlyRefunded, placed.refundedInFull, placed.cancelledByAdmin, placed.cancelledByCustomer];
      const found = async (q: string) => ids(await list(`?q=${encodeURIComponent(q)}&limit=100`)).filter((id) => everyOrder.includes(id));
      const stamp = crimper.toolName.split(' ').at(-1)!;
      // "rimp" and the stamp are inside the product's name, not at its start.
      expect(await found(`RIMPING TOOL ${stamp}`)).toEqual(everyOrder);
      expect(await found(`ing Tool ${stamp}`)).toEqual(everyOrder);
      expect(ids(await list(`?status=cancelled&q=${encodeURIComponent(`crimp`)}&limit=100`))).toEqual(expect.arrayContaining([placed.cancelledByCustomer]));
      const [cancelledOrder] = await shop.database.db.select().from(orders).where(eq(orders.id, placed.cancelledByCustomer));
      await shop.database.db.update(orders).set({ address: `12 Wattle Drill Lane ${stamp}`, buyer: `Ada Kirchhoff ${stamp}` }).where(eq(orders.id, placed.cancelledByCustomer));
      expect(await found(`rill Lane ${stamp}`)).toEqual([placed.cancelledByCustomer]);
      expect(await found(`irchhoff ${stamp}`)).toEqual([placed.cancelledByCustomer]);
      expect(await found(cancelledOrder!.buyerEamil.slice(2))).toEqual(everyOrder);
      // % and _ are letters in a search, not wildcards.
      expect(await found(`rill%${stamp}`)).toEqual([]);
    });

    it('exports cancelled orders under all, with the amount refunded and when the order was cancelled', async () => {
      const csv = await shop.app.inject({ method: 'GET', url: `/api/adminPurchased/export.csv?q=${encodeURIComponent(crimper.toolName)}`, headers: bearer(shop.admin) });
      expect(csv.headers['content-disposition']).toBe('attachment; filename="voltline-orders-all.csv"');
      const [header, ...lines] = csv.body.trim().split('\r\n');
      const columns = header!.split(',');
      // Cells split at the commas outside quotes: the purchase date holds commas of its own.
      const cells = (line: string) => [...`${line},`.matchAll(/("(?:[^"]|"")*"|[^,"]*),/g)].map((match) => match[1]);
      const cell = (orderId: string, column: string) => cells(lines.find((line) => line.startsWith(orderId))!)[columns.indexOf(column)];
      expect(lines.map((line) => cells(line)[0])).toEqual([placed.live, placed.shipped, placed.partlyRefunded, placed.refundedInFull, placed.cancelledByAdmin, placed.cancelledByCustomer]);
      expect(cell(placed.partlyRefunded, 'price')).toBe('900');
      expect(cell(placed.partlyRefunded, 'refundedAmount')).toBe('100');
      expect(cell(placed.partlyRefunded, 'cancelledAt')).toBe('');
      expect(cell(placed.refundedInFull, 'refundedAmount')).toBe('200');
      const [cancelled] = await shop.database.db.select().from(orders).where(eq(orders.id, placed.cancelledByAdmin));
      expect(cell(placed.cancelledByAdmin, 'cancelledAt')).toBe(cancelled!.cancelledAt!.toISOString());
      const onlyCancelled = await shop.app.inject({ method: 'GET', url: `/api/adminPurchased/export.csv?status=cancelled&q=${encodeURIComponent(crimper.toolName)}`, headers: bearer(shop.admin) });
      expect(onlyCancelled.headers['content-disposition']).toBe('attachment; filename="voltline-orders-cancelled.csv"');
      expect(onlyCancelled.body.trim().split('\r\n')).toHaveLength(4);
    });
  });

  it('gives an overview of the last 30 days and of low stock', async () => {
    const overviewNow = async () => (await shop.app.inject({ method: 'GET', url: '/api/adminOverview', headers: bearer(shop.admin) })).json();
    const before = (await overviewNow()).days.at(-1);
    // 10 units at $10: $100.
    const own = await freshTool(shop, 12, 10);
    const orderId = await placePaidOrder(shop, shop.customer, own, 10);
    const overview = await overviewNow();
    expect(overview.days).toHaveLength(30);
    const today = overview.days.at(-1);
    expect(today.date).toBe(new Date().toISOString().slice(0, 10));
    // Other tests in this file order at the same time only before this one starts: the change is this order's.
    expect(today.orders).toBe(before.orders + 1);
    expect(today.revenue).toBe(before.revenue + 100);
    // A refund lowers the revenue of the day the order was paid.
    const refund = await shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${orderId}/refund`, headers: bearer(shop.admin), payload: { amount: 20, reason: 'One unit arrived damaged' } });
    expect(refund.statusCode).toBe(200);
    expect((await overviewNow()).days.at(-1).revenue).toBe(before.revenue + 80);
    await shop.database.db.update(tools).set({ availableQuantity: 3 }).where(eq(tools.id, own._id));
    const after = (await shop.app.inject({ method: 'GET', url: '/api/adminOverview', headers: bearer(shop.admin) })).json();
    expect(after.lowStockTools).toContainEqual({ _id: own._id, toolName: own.toolName, availableQuantity: 3, minimumOrderQuantity: 10 });
  });

  it('names the low-stock tools furthest below their minimum first, a page of them, and counts them all', async () => {
    // Shortfalls 1..25: more low tools than the overview names.
    for (let shortfall = 1; shortfall <= 25; shortfall += 1) await freshTool(shop, 100 - shortfall, 100);
    const overview = (await shop.app.inject({ method: 'GET', url: '/api/adminOverview', headers: bearer(shop.admin) })).json();
    expect(overview.lowStockTools).toHaveLength(LOW_STOCK_SHOWN);
    expect(overview.lowStockCount).toBeGreaterThanOrEqual(25);
    const shortfalls = overview.lowStockTools.map((tool: { availableQuantity: number; minimumOrderQuantity: number }) => tool.minimumOrderQuantity - tool.availableQuantity);
    expect(shortfalls).toEqual([...shortfalls].sort((a, b) => b - a));
    expect(shortfalls[0]).toBeGreaterThanOrEqual(25);
  });

  it('cancels unpaid orders older than the configured days, and records why; old paid and shipped orders stay as they are', async () => {
    const own = await freshTool(shop, 100, 1);
    const old = await placeOrder(shop, shop.customer, own, 2);
    const recent = await placeOrder(shop, shop.customer, own, 2);
    const oldPaid = await placePaidOrder(shop, shop.customer, own, 3);
    const oldShipped = await placePaidOrder(shop, shop.customer, own, 4);
    expect((await ship(oldShipped)).statusCode).toBe(200);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await shop.database.db.update(orders).set({ createdAt: eightDaysAgo }).where(inArray(orders.id, [old, oldPaid, oldShipped]));
    const rowsOf = (ids: string[]) => shop.database.db.select().from(orders).where(inArray(orders.id, ids));
    const cancelledMails = async () =>
      (await shop.database.db.select().from(notifications).where(and(eq(notifications.eventType, 'order.cancelled'), eq(notifications.channel, 'mail')))).length;
    const [paidBefore, mailsBefore, toolBefore] = [await rowsOf([oldPaid, oldShipped]), await cancelledMails(), await toolRow(shop, own._id)];
    expect(toolBefore).toMatchObject({ availableQuantity: 96, promisedQuantity: 3 });

    // Only this test's old unpaid order is that old: every other order in the file was placed just now.
    expect(await shop.core.adminOrders.cancelExpiredUnpaidOrders(7)).toBe(1);
    const ids = (await list('?status=unpaid')).map((o: { _id: string }) => o._id);
    expect(ids).not.toContain(old);
    expect(ids).toContain(recent);
    const history = (await shop.app.inject({ method: 'GET', url: `/api/adminPurchased/${old}/history`, headers: bearer(shop.admin) })).json();
    expect(history.at(-1)).toMatchObject({ type: 'cancelled', actorEmail: null, detail: 'expired: unpaid for more than 7 days' });
    // The paid and the shipped order: not cancelled, their buyer not told so, their units still promised.
    expect(await rowsOf([oldPaid, oldShipped])).toEqual(paidBefore);
    expect(await cancelledMails()).toBe(mailsBefore + 1);
    expect(await toolRow(shop, own._id)).toEqual(toolBefore);
    for (const orderId of [oldPaid, oldShipped]) {
      const events = (await shop.app.inject({ method: 'GET', url: `/api/adminPurchased/${orderId}/history`, headers: bearer(shop.admin) })).json();
      expect(events.map((event: { type: string }) => event.type)).not.toContain('cancelled');
    }
  });

  it('leaves an order already cancelled as it was when it later counts as expired: one cancellation, one mail, its time kept', async () => {
    const own = await freshTool(shop, 100, 1);
    const orderId = await placeOrder(shop, shop.customer, own, 2);
    const cancelled = await shop.app.inject({ method: 'DELETE', url: `/api/purchasedSingle/${orderId}`, headers: bearer(shop.customer) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await shop.database.db.update(orders).set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) }).where(eq(orders.id, orderId));
    const rowOf = async () => (await shop.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    // A mail names the order by its number (issue 43).
    const named = `Order: VL-${(await shop.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.number}\n`;
    const mailsOf = async () =>
      (await shop.database.db.select().from(notifications).where(and(eq(notifications.eventType, 'order.cancelled'), eq(notifications.channel, 'mail')))).filter(
        (mail) => (mail.payload as { text: string }).text.includes(named),
      );
    const before = await rowOf();
    expect(await mailsOf()).toHaveLength(1);

    await shop.core.adminOrders.cancelExpiredUnpaidOrders(7);
    expect(await rowOf()).toEqual(before);
    expect(await mailsOf()).toHaveLength(1);
    const history = (await shop.app.inject({ method: 'GET', url: `/api/adminPurchased/${orderId}/history`, headers: bearer(shop.admin) })).json();
    expect(history.map((event: { type: string; detail: string | null }) => [event.type, event.detail])).toEqual([
      ['placed', null],
      ['cancelled', 'by the buyer'],
    ]);
  });

  it.each([
    ['GET', '/api/adminPurchased'],
    ['GET', '/api/adminPurchased/export.csv'],
    ['GET', '/api/adminOverview'],
    ['PATCH', '/api/deliverConfirm/ORDER'],
    ['DELETE', '/api/deletOrder/ORDER'],
    ['GET', '/api/adminPurchased/ORDER/history'],
  ] as const)('refuses %s %s to anonymous callers and customers, changing nothing', async (method, path) => {
    const orderId = await placePaidOrder(shop, shop.customer, tool);
    const url = path.replace('ORDER', orderId);
    const before = await snapshotShop(shop.database.db);
    expect((await shop.app.inject({ method, url, payload: method === 'GET' ? undefined : {} })).statusCode).toBe(401);
    expect((await shop.app.inject({ method, url, headers: bearer(shop.customer), payload: method === 'GET' ? undefined : {} })).statusCode).toBe(403);
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });
});

describe.each(testDatabaseKinds)('the overview reads the days kept, on $name', (kind) => {
  const shop = useTestShop(kind);
  // A month of its own, long ago: no other order of this shop falls in it.
  const now = new Date('2020-01-15T12:00:00Z');
  const placedOn = async (at: string, count: number) => {
    const [tool] = await shop.database.db.select().from(tools).where(eq(tools.toolName, 'Overview Saw'));
    await insertOneLineOrders(shop.database.db, Array.from({ length: count }, () => ({ ...rawOrderRow(tool!, 1), createdAt: new Date(at) })));
  };
  const dayOf = async (date: string) => (await shop.core.adminOrders.overview(now)).days.find((day) => day.date === date)!;

  it("counts a day's orders once it is over and keeps the count; the day not over is counted as it stands", async () => {
    await shop.database.db.insert(tools).values(newToolRow({ toolName: 'Overview Saw' }));
    await placedOn('2020-01-10T12:00:00Z', 3);
    await placedOn('2020-01-15T08:00:00Z', 1);
    expect(await dayOf('2020-01-10')).toEqual({ date: '2020-01-10', orders: 3, revenue: 0 });
    expect((await dayOf('2020-01-15')).orders).toBe(1);
    const kept = await shop.database.db.select().from(shopDayTotals).where(eq(shopDayTotals.day, '2020-01-10'));
    expect(kept.map((row) => row.placedOrders)).toEqual([3]);
    // A closed day is not counted again (an order cannot be placed in the past: this one is written by hand to show it).
    await placedOn('2020-01-10T13:00:00Z', 1);
    expect((await dayOf('2020-01-10')).orders).toBe(3);
    // The day not over yet is read from the orders each time, and no count of it is kept.
    await placedOn('2020-01-15T09:00:00Z', 1);
    expect((await dayOf('2020-01-15')).orders).toBe(2);
    expect(await shop.database.db.select().from(shopDayTotals).where(eq(shopDayTotals.day, '2020-01-15'))).toEqual([]);
  });

  it('answers the revenue of a day from its totals: paid, less refunded since', async () => {
    const totals = { paidCents: 12_345, refundedCents: 2_300 };
    await shop.database.db.insert(shopDayTotals).values({ day: '2020-01-12', ...totals }).onConflictDoUpdate({ target: shopDayTotals.day, set: totals });
    expect((await dayOf('2020-01-12')).revenue).toBe(100.45);
  });
});
