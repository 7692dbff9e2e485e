import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderQuantityMessages } from '@voltline/shared/order';
import { toolDeletionMessages } from '@voltline/shared/tool';
import { notifications, orderEvents, orders, tools } from '../db/schema.ts';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { oneDatabaseKind, testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { card, createIntent, freshTool, insertOneLineOrders, openCardForms, placeOrder, placePaidOrder, rawOrderRow } from '../test-support/test-orders.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/** Far enough ahead that every unpaid order of the test counts as expired, whatever today is. */
const LONG_AFTER = new Date('2999-01-01T00:00:00Z');

/** product.md, "States": a deleted tool sells nothing more, and what was paid for it can still ship. */
describe.each(testDatabaseKinds)('deleting a tool on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });

  const deleteTool = (toolId: string, user: TestUser = shop.admin) =>
    shop.app.inject({ method: 'DELETE', url: `/api/deleteTool/${toolId}`, headers: bearer(user) });
  const confirm = (clientSecret: string) =>
    shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } });
  const ship = (orderId: string) => shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${orderId}`, headers: bearer(shop.admin), payload: {} });
  const orderRow = async (orderId: string) => (await shop.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const eventsOf = async (orderId: string) =>
    (await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((event) => ({
      type: event.type,
      actorEmail: event.actorEmail,
      detail: event.detail,
    }));

  it('cancels its unpaid orders with the deletion, each on record and told to its buyer; they can no longer be paid', async () => {
    // 10 in stock, 4 paid for; two unpaid orders of 5 each fit what is left one at a time, not together.
    const tool = await freshTool(shop, 10);
    const bob = await registerUser(shop);
    const paid = await placePaidOrder(shop, shop.customer, tool, 4);
    const mine = await placeOrder(shop, shop.customer, tool, 5);
    const bobs = await placeOrder(shop, bob, tool, 5);
    // Bob opened the card form before the tool went.
    const { clientSecret } = (await createIntent(shop, bob, bobs)).json();

    expect((await deleteTool(tool._id)).json()).toEqual({ acknowledged: true, deletedCount: 1 });

    for (const [orderId, buyer] of [[mine, shop.customer], [bobs, bob]] as const) {
      expect(await orderRow(orderId)).toMatchObject({ status: 'unpaid', cancelledAt: expect.any(Date), toolId: null });
      expect(await eventsOf(orderId)).toContainEqual({ type: 'cancelled', actorEmail: shop.admin.email, detail: 'the tool was deleted from the catalogue' });
      const mails = await shop.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.eventType, 'order.cancelled'), eq(notifications.target, buyer.email), sql`${notifications.payload}->>'text' like ${`%Order: VL-${(await orderRow(orderId)).number}\n%`}`));
      expect(mails.map((mail) => (mail.payload as { text: string }).text)).toEqual([expect.stringContaining('your order was canceled because the tool is no longer sold.')]);
    }
    // The paid order keeps its promise: pending, and it ships.
    expect(await orderRow(paid)).toMatchObject({ status: 'paid', delivery: 'pending', cancelledAt: null });

    // Neither cancelled order can be paid any more, by the card form already open or a new one.
    const lateCard = await confirm(clientSecret);
    expect(lateCard.statusCode).toBe(409);
    expect(lateCard.json()).toEqual({ error: 'conflict', message: 'This order was canceled.' });
    const newForm = await createIntent(shop, shop.customer, mine);
    expect(newForm.statusCode).toBe(409);
    expect(newForm.json()).toEqual({ error: 'conflict', message: 'This order was canceled.' });
    expect(await orderRow(bobs)).toMatchObject({ status: 'unpaid', transactionId: null });

    const shipped = await ship(paid);
    expect(shipped.statusCode).toBe(200);
    expect(await orderRow(paid)).toMatchObject({ status: 'paid', delivery: 'shipped' });

    // Expiry later finds nothing more to do with them: one cancellation each, one mail each.
    await shop.core.adminOrders.cancelExpiredUnpaidOrders(7, LONG_AFTER);
    for (const orderId of [mine, bobs]) {
      expect((await eventsOf(orderId)).filter((event) => event.type === 'cancelled')).toHaveLength(1);
    }
  });

  it('refuses to pay, or open the card form for, an unpaid order whose tool was deleted before deletions cancelled them', async () => {
    const tool = await freshTool(shop, 5);
    const orderId = await placeOrder(shop, shop.customer, tool, 5);
    const { clientSecret } = (await createIntent(shop, shop.customer, orderId)).json();
    // How a deletion left orders before: the tool row gone, its unpaid orders untouched.
    await shop.database.db.delete(tools).where(eq(tools.id, tool._id));
    const before = await snapshotShop(shop.database.db);

    for (const refused of [await confirm(clientSecret), await createIntent(shop, shop.customer, orderId)]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'conflict', message: toolDeletionMessages.noLongerSold });
    }
    expect(await snapshotShop(shop.database.db)).toEqual(before);
    // The shop's expiry still closes such an order in time.
    await shop.core.adminOrders.cancelExpiredUnpaidOrders(7, LONG_AFTER);
    expect(await orderRow(orderId)).toMatchObject({ status: 'unpaid', cancelledAt: expect.any(Date) });
  });

  it('refuses to delete a tool whose paid orders wait for more units than it has, and changes nothing', async () => {
    const tool = await freshTool(shop, 10);
    const paid = await placePaidOrder(shop, shop.customer, tool, 8);
    const unpaid = await placeOrder(shop, shop.customer, tool, 2);
    // A shop that oversold before promises existed: 8 promised, 5 on the shelf.
    await shop.database.db.update(tools).set({ availableQuantity: 5 }).where(eq(tools.id, tool._id));
    const before = await snapshotShop(shop.database.db);

    const refused = await deleteTool(tool._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'conflict', message: toolDeletionMessages.owesUnits(8, 5) });
    expect(await snapshotShop(shop.database.db)).toEqual(before);

    // Restocked, it can go; the paid order then ships what was promised.
    await shop.database.db.update(tools).set({ availableQuantity: 8 }).where(eq(tools.id, tool._id));
    expect((await deleteTool(tool._id)).statusCode).toBe(200);
    expect((await orderRow(unpaid)).cancelledAt).not.toBeNull();
    expect((await ship(paid)).statusCode).toBe(200);
  });

  it('writes nothing when the deletion fails half-way: no order cancelled, no history, no mail', async () => {
    const tool = await freshTool(shop, 6);
    const orderIds = [await placeOrder(shop, shop.customer, tool, 3), await placeOrder(shop, shop.customer, tool, 3)];
    const db = shop.database.db;
    // The tool's own row refuses to go, after its orders were cancelled in the same transaction.
    await db.execute(sql`create function voltline_test_refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await db.execute(sql`create trigger voltline_test_refuse_delete before delete on tools for each row execute function voltline_test_refuse_delete()`);
    const mailsBefore = await db.select().from(notifications);
    const before = await snapshotShop(db);
    try {
      expect((await deleteTool(tool._id)).statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger voltline_test_refuse_delete on tools`);
      await db.execute(sql`drop function voltline_test_refuse_delete()`);
    }
    expect(await snapshotShop(db)).toEqual(before);
    expect(await db.select().from(notifications)).toEqual(mailsBefore);

    expect((await deleteTool(tool._id)).statusCode).toBe(200);
    const cancelled = await db.select().from(orders).where(inArray(orders.id, orderIds));
    expect(cancelled.map((order) => order.cancelledAt)).toEqual([expect.any(Date), expect.any(Date)]);
  });

  it('lets only admins delete, and a missing tool is not found', async () => {
    const tool = await freshTool(shop, 3);
    expect((await deleteTool(tool._id, shop.customer)).statusCode).toBe(403);
    const missing = await deleteTool('00000000-0000-4000-8000-000000000000');
    expect(missing.json()).toEqual({ error: 'not_found', message: 'Tool not found' });
  });
});

const TRIALS = 40;
const UNPAID_PER_TRIAL = 8;
const PLACEMENTS_PER_TRIAL = 4;

/**
 * An admin deleting a tool while its buyers pay, new buyers order and other admins ship: whatever
 * wins, nothing is paid for the deleted tool beyond its stock, no order is left payable, and every
 * caller gets an answer in words (a deadlock or a foreign key failure would be a 500).
 */
describe.each([oneDatabaseKind])('a deletion racing payments, placements and shipments on $name', (kind) => {
  const logLines: string[] = [];
  const shop = useTestShop(kind, { seed: true, users: true, logLines });
  // A 500's cause (a deadlock, a foreign key) is in the server's log, not in its answer.
  const serverErrors = () => logLines.filter((line) => line.includes('"level":50')).join('\n');

  it(`${TRIALS} trials`, { timeout: 300_000 }, async () => {
    const db = shop.database.db;
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const stock = 6 + (trial % 10);
      const [tool] = await db
        .insert(tools)
        .values({ toolName: `Withdrawn ${kind.name} ${trial}`, description: 'race', img: '/images/tools/jigsaw.svg', priceCents: 100, minimumOrderQuantity: 1, availableQuantity: stock, promisedQuantity: 5 })
        .returning();
      const order = (quantity: number, status: 'paid' | 'unpaid') =>
        rawOrderRow(tool!, quantity, status === 'paid' ? { transactionId: `pi_paid_${trial}_${Math.random()}` } : undefined);
      // Three paid orders holding the 5 promised units (two to ship, one to refund), and unpaid ones with their card forms open.
      const [refunded, ...paid] = await insertOneLineOrders(db, [order(1, 'paid'), order(1, 'paid'), order(3, 'paid')]);
      const unpaid = await insertOneLineOrders(
        db,
        Array.from({ length: UNPAID_PER_TRIAL }, (_, i) => order(1 + ((trial + i) % 3), 'unpaid')),
      );
      const secrets = await openCardForms(db, unpaid);

      const calls = [
        shop.app.inject({ method: 'DELETE', url: `/api/deleteTool/${tool!.id}`, headers: bearer(shop.admin) }),
        ...secrets.map((clientSecret) =>
          shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } }),
        ),
        ...Array.from({ length: PLACEMENTS_PER_TRIAL }, () =>
          shop.app.inject({
            method: 'POST',
            url: '/api/purchased',
            headers: bearer(shop.customer),
            payload: { toolId: tool!.id, quantity: 1, phone: '5550100', address: '1 Circuit Road' },
          }),
        ),
        ...paid.map((row) => shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${row.id}`, headers: bearer(shop.admin), payload: {} })),
        shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${refunded!.id}/refund`, headers: bearer(shop.admin), payload: { reason: 'Withdrawn' } }),
      ];
      const results = await Promise.all(calls);
      const [deletion, ...rest] = results;
      const confirms = rest.slice(0, UNPAID_PER_TRIAL);
      const placements = rest.slice(UNPAID_PER_TRIAL, UNPAID_PER_TRIAL + PLACEMENTS_PER_TRIAL);
      const shipsAndRefund = rest.slice(UNPAID_PER_TRIAL + PLACEMENTS_PER_TRIAL);

      expect(deletion!.statusCode, serverErrors()).toBe(200);
      for (const result of confirms) expect([200, 409], serverErrors()).toContain(result.statusCode);
      // A placement may also find every unit promised to the payments racing it: refused in words.
      for (const result of placements) {
        expect([200, 404, 422], serverErrors()).toContain(result.statusCode);
        if (result.statusCode === 422) expect(result.json().message).toBe(orderQuantityMessages.tooMany(0));
      }
      for (const result of shipsAndRefund) expect(result.statusCode, serverErrors()).toBe(200);

      const rows = await db.select().from(orders).where(eq(orders.product, tool!.toolName));
      // Everything paid for the tool, the two orders from before included, fits the stock it had.
      const paidUnits = rows.filter((row) => row.status === 'paid').reduce((sum, row) => sum + row.quantity, 0);
      expect(paidUnits).toBeLessThanOrEqual(stock);
      expect(rows.filter((row) => row.status === 'paid')).toHaveLength(2 + confirms.filter((result) => result.statusCode === 200).length);
      // No order of the deleted tool is left open to payment: those placed in time were cancelled with it.
      expect(rows.filter((row) => row.status === 'unpaid' && row.cancelledAt === null)).toEqual([]);
      expect(rows.find((row) => row.id === refunded!.id)).toMatchObject({ status: 'refunded', cancelledAt: expect.any(Date) });
      expect(rows).toHaveLength(3 + UNPAID_PER_TRIAL + placements.filter((result) => result.statusCode === 200).length);
    }
  });
});
