import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '@voltline/shared/text-limits';
import { stockBelowPromisedMessage, type Tool } from '@voltline/shared/tool';
import type { StockMove } from '@voltline/shared/stock-moves';
import { orders, stockMovements, tools } from '../db/schema.ts';
import { describeRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { freshTool, insertOneLineOrders, placeOrder, placePaidOrder, rawOrderRow } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { expectLedgerBalanced, expectRunningLevels } from '../test-support/test-stock.ts';
import { bearer, type TestUser } from '../test-support/test-users.ts';

/** Issue 37, decision 041: every change of a tool's stock is a movement, and the stock is their sum. */
describe.each(testDatabaseKinds)('stock as a ledger on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  const db = () => shop.database.db;

  const move = (toolId: string, body: object, user: TestUser | null = shop.admin) =>
    shop.app.inject({ method: 'POST', url: `/api/admin/tools/${toolId}/stock-moves`, headers: user ? bearer(user) : {}, payload: body });
  const history = async (toolId: string, query = ''): Promise<StockMove[]> => {
    const answer = await shop.app.inject({ method: 'GET', url: `/api/admin/tools/${toolId}/stock-moves${query}`, headers: bearer(shop.admin) });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const stockOf = async (toolId: string) => (await db().select().from(tools).where(eq(tools.id, toolId)))[0]!;
  const movementCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(stockMovements))[0]!.n;

  it('records a batch received, a count and a scrap, each with who, why and the level after it', async () => {
    const tool = await freshTool(shop, 10);
    const received = await move(tool._id, { kind: 'received', units: 50, note: 'batch B-2026-11' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ availableQuantity: 60, move: { kind: 'received', units: 50, levelAfter: 60, note: 'batch B-2026-11', orderId: null } });
    expect(received.json().move.by).toMatchObject({ email: shop.admin.email, name: shop.admin.name });

    const counted = await move(tool._id, { kind: 'counted', countedUnits: 57, note: 'November count' });
    expect(counted.json()).toMatchObject({ availableQuantity: 57, move: { kind: 'counted', units: -3, levelAfter: 57 } });
    const scrapped = await move(tool._id, { kind: 'scrapped', units: 2, note: 'dropped in the warehouse' });
    expect(scrapped.json()).toMatchObject({ availableQuantity: 55, move: { kind: 'scrapped', units: -2, levelAfter: 55 } });
    const raised = await move(tool._id, { kind: 'counted', countedUnits: 58, note: 'found a box' });
    expect(raised.json()).toMatchObject({ availableQuantity: 58, move: { units: 3 } });

    expect((await shop.app.inject({ method: 'GET', url: `/api/getTool/${tool._id}` })).json()).toMatchObject({ availableQuantity: 58 });
    const lines = await history(tool._id);
    expect(lines.map((line) => [line.kind, line.units, line.levelAfter])).toEqual([
      ['counted', 3, 58],
      ['scrapped', -2, 55],
      ['counted', -3, 57],
      ['received', 50, 60],
      ['opening', 10, 10],
    ]);
    expectRunningLevels(lines);
    await expectLedgerBalanced(db());
  });

  it('records nothing for a count that finds the stock as it is, and answers the level', async () => {
    const tool = await freshTool(shop, 12);
    const before = await movementCount();
    const counted = await move(tool._id, { kind: 'counted', countedUnits: 12, note: 'all there' });
    expect(counted.json()).toEqual({ move: null, availableQuantity: 12 });
    expect(await movementCount()).toBe(before);
  });

  it('attributes a movement to the admin who calls, whatever id the body names', async () => {
    const tool = await freshTool(shop, 1);
    const answer = await move(tool._id, { kind: 'received', units: 1, actorUserId: 'another-admin', actorEmail: 'forged@example.com' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().move.by).toMatchObject({ email: shop.admin.email });
  });

  it('never takes the stock below what paid orders wait for, naming the units waiting, and writes nothing', async () => {
    const tool = await freshTool(shop, 10);
    await placePaidOrder(shop, shop.customer, tool, 7);
    const before = await movementCount();
    const scrap = await move(tool._id, { kind: 'scrapped', units: 4, note: 'rusted' });
    expect(scrap.statusCode).toBe(409);
    expect(scrap.json()).toEqual({ error: 'conflict', message: stockBelowPromisedMessage(7) });
    const count = await move(tool._id, { kind: 'counted', countedUnits: 6, note: 'count' });
    expect(count.json().message).toBe(stockBelowPromisedMessage(7));
    expect((await stockOf(tool._id)).availableQuantity).toBe(10);
    expect(await movementCount()).toBe(before);
    // Exactly what is promised may stay.
    expect((await move(tool._id, { kind: 'scrapped', units: 3, note: 'rusted' })).json()).toMatchObject({ availableQuantity: 7 });
  });

  it('refuses a scrap of more than is in stock, in words', async () => {
    const tool = await freshTool(shop, 2);
    const answer = await move(tool._id, { kind: 'scrapped', units: 3, note: 'lost' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Only 2 units are in stock: the stock cannot go below 0.');
  });

  it.each([
    [{ kind: 'received', units: 0 }, 'Units received must be at least 1'],
    [{ kind: 'received', units: -5 }, 'Units received must be at least 1'],
    [{ kind: 'received', units: 2.5 }, 'Units received must be a whole number'],
    [{ kind: 'received', units: '5' }, 'Units received must be a whole number'],
    [{ kind: 'scrapped', units: 1 }, 'Say why the units were scrapped'],
    [{ kind: 'scrapped', units: 1, note: '   ' }, 'Say why the units were scrapped'],
    [{ kind: 'counted', countedUnits: 3 }, 'Say what the count was'],
    [{ kind: 'counted', countedUnits: -1, note: 'count' }, 'Counted units must be at least 0'],
    [{ kind: 'received', units: 1, note: 'x'.repeat(TEXT_LIMITS.note + 1) }, `Note can be at most ${TEXT_LIMITS.note}`],
    [{ kind: 'shipped', units: 1 }, 'kind must be received, counted or scrapped'],
  ])('refuses %j with 400 in words, writing nothing', async (body, message) => {
    const tool = await freshTool(shop, 5);
    const before = await movementCount();
    const answer = await move(tool._id, body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toContain(message);
    expect(await movementCount()).toBe(before);
  });

  it('answers 404 for a tool that does not exist, 403 to customers and 401 to strangers', async () => {
    const tool = await freshTool(shop, 5);
    const body = { kind: 'received', units: 1 };
    expect((await move('00000000-0000-4000-8000-000000000009', body)).statusCode).toBe(404);
    expect((await move('not-a-tool', body)).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/tools/00000000-0000-4000-8000-000000000009/stock-moves', headers: bearer(shop.admin) })).statusCode).toBe(404);
    expect((await move(tool._id, body, shop.customer)).statusCode).toBe(403);
    expect((await move(tool._id, body, null)).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'GET', url: `/api/admin/tools/${tool._id}/stock-moves`, headers: bearer(shop.customer) })).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/stock/verify' })).statusCode).toBe(401);
    expect((await stockOf(tool._id)).availableQuantity).toBe(5);
  });

  it("records the spec's updateTool stock as a count edited in Manage Tools, and a new tool's stock as its opening", async () => {
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/addTool',
      headers: bearer(shop.admin),
      payload: { toolName: `Ledger Drill ${Math.random()}`, description: 'A drill.', img: '/images/tools/jigsaw.svg', price: 20, minimumOrderQuantity: 1, availableQuantity: 30 },
    });
    const toolId: string = added.json().insertedId;
    const edit = (availableQuantity: number) =>
      shop.app.inject({ method: 'PATCH', url: `/api/updateTool/${toolId}`, headers: bearer(shop.admin), payload: { availableQuantity, minimumOrderQuantity: 1, price: 21 } });
    expect((await edit(24)).statusCode).toBe(200);
    expect((await edit(24)).statusCode).toBe(200); // the price alone: no movement
    const lines = await history(toolId);
    expect(lines.map((line) => [line.kind, line.units, line.levelAfter, line.note])).toEqual([
      ['counted', -6, 24, 'edited in Manage Tools'],
      ['opening', 30, 30, ''],
    ]);
    expect(lines[0]!.by).toMatchObject({ email: shop.admin.email });
    await expectLedgerBalanced(db());
  });

  it('keeps the stock the sum of its movements after every step of an order: place, pay, ship, refund, delete the tool', async () => {
    const tool = await freshTool(shop, 20);
    await placeOrder(shop, shop.customer, tool, 2);
    await expectLedgerBalanced(db());
    const paidId = await placePaidOrder(shop, shop.customer, tool, 3);
    await expectLedgerBalanced(db());
    const shipped = await shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${paidId}`, headers: bearer(shop.admin), payload: {} });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await expectLedgerBalanced(db());
    const [shipment] = await history(tool._id, '?kind=shipped');
    expect(shipment).toMatchObject({ kind: 'shipped', units: -3, levelAfter: 17, orderId: paidId, by: { email: shop.admin.email } });
    const refund = (orderId: string, amount: number) =>
      shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${orderId}/refund`, headers: bearer(shop.admin), payload: { amount, reason: 'Ledger test' } });
    expect((await refund(paidId, 1)).statusCode).toBe(200);
    await expectLedgerBalanced(db());
    const unshippedId = await placePaidOrder(shop, shop.customer, tool, 1);
    const [order] = await db().select({ priceCents: orders.priceCents }).from(orders).where(eq(orders.id, unshippedId));
    const fullRefund = await refund(unshippedId, order!.priceCents / 100);
    expect(fullRefund.statusCode, fullRefund.body).toBe(200);
    expect((await stockOf(tool._id)).promisedQuantity).toBe(0);
    await expectLedgerBalanced(db());
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/deleteTool/${tool._id}`, headers: bearer(shop.admin) })).statusCode).toBe(200);
    await expectLedgerBalanced(db());
    // A deleted tool's movements stay on record.
    expect((await db().select().from(stockMovements).where(eq(stockMovements.toolId, tool._id))).length).toBe(2);
  });

  it('refuses in the database to change, delete or empty a movement', async () => {
    const tool = await freshTool(shop, 4);
    // The database's own words, under drizzle's "Failed query".
    const refusal = (statement: Promise<unknown>) => statement.then(() => 'done', (error: Error) => String((error.cause as Error | undefined)?.message));
    const refused = 'stock movements are never changed or deleted: record a new movement instead';
    expect(await refusal(db().execute(sql`update stock_movements set units = 40 where tool_id = ${tool._id}`))).toBe(refused);
    expect(await refusal(db().execute(sql`delete from stock_movements where tool_id = ${tool._id}`))).toBe(refused);
    expect(await refusal(db().execute(sql`truncate stock_movements`))).toBe(refused);
    expect((await history(tool._id)).map((line) => line.units)).toEqual([4]);
  });

  it('pages a history newest first with a cursor, and filters it by kind', async () => {
    const tool = await freshTool(shop, 1);
    for (const units of [1, 2, 3]) await move(tool._id, { kind: 'received', units });
    await move(tool._id, { kind: 'scrapped', units: 1, note: 'bent' });
    const first = await shop.app.inject({ method: 'GET', url: `/api/admin/tools/${tool._id}/stock-moves?limit=2`, headers: bearer(shop.admin) });
    expect(first.json().map((line: StockMove) => line.units)).toEqual([-1, 3]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)![1]!;
    const second = await shop.app.inject({ method: 'GET', url: next.replace(/^https?:\/\/[^/]+/, ''), headers: bearer(shop.admin) });
    expect(second.json().map((line: StockMove) => line.units)).toEqual([2, 1]);
    expect((await history(tool._id, '?kind=received')).map((line) => line.units)).toEqual([3, 2, 1]);
    const foreign = await shop.app.inject({ method: 'GET', url: `${next.replace(/^https?:\/\/[^/]+/, '')}&kind=scrapped`, headers: bearer(shop.admin) });
    expect(foreign.statusCode).toBe(400);
  });

  it('names every tool whose stock differs from the sum of its movements', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/stock/verify', headers: bearer(shop.admin) })).json()).toEqual([]);
    const tool = await freshTool(shop, 8);
    // A write past the ledger, as a bug or a hand-edited database would make it.
    await db().execute(sql`update tools set available_quantity = 11 where id = ${tool._id}`);
    const answer = await shop.app.inject({ method: 'GET', url: '/api/admin/stock/verify', headers: bearer(shop.admin) });
    expect(answer.json()).toEqual([{ toolId: tool._id, toolName: tool.toolName, availableQuantity: 11, ledgerQuantity: 8 }]);
    await db().execute(sql`update tools set available_quantity = 8 where id = ${tool._id}`);
  });
});

/** Receipts and shipments of one tool at the same moment: the sum stays exact and the running level adds up. */
describeRaces('stock ledger races', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });

  it('20 simultaneous receipts and 20 shipments of one tool keep the stock the sum of its movements', async () => {
    const db = shop.database.db;
    const tool: Tool = await freshTool(shop, 20);
    // Twenty paid orders of one unit each, waiting to ship.
    await db.update(tools).set({ promisedQuantity: 20 }).where(eq(tools.id, tool._id));
    const row = { id: tool._id, toolName: tool.toolName, img: tool.img };
    const placed = await insertOneLineOrders(db, Array.from({ length: 20 }, (_, i) => rawOrderRow(row, 1, { transactionId: `pi_ledger_race_${i}` })));
    const results = await Promise.all([
      ...placed.map((order) => shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${order.id}`, headers: bearer(shop.admin), payload: {} })),
      ...placed.map(() => shop.app.inject({ method: 'POST', url: `/api/admin/tools/${tool._id}/stock-moves`, headers: bearer(shop.admin), payload: { kind: 'received', units: 5 } })),
    ]);
    expect(results.map((result) => result.statusCode)).toEqual(results.map(() => 200));
    const [after] = await db.select().from(tools).where(eq(tools.id, tool._id));
    expect(after).toMatchObject({ availableQuantity: 20 - 20 + 100, promisedQuantity: 0 });
    await expectLedgerBalanced(db);
    const lines: StockMove[] = (await shop.app.inject({ method: 'GET', url: `/api/admin/tools/${tool._id}/stock-moves`, headers: bearer(shop.admin) })).json();
    expect(lines).toHaveLength(41);
    expectRunningLevels(lines);
    expect(lines[0]!.levelAfter).toBe(100);
  });
});
