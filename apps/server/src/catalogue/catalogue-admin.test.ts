import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { minimumAboveStockWarning, payableToolMessage, type Tool } from '@voltline/shared/tool';
import { isOutOfStock } from '@voltline/shared/stock';
import { newTool } from '@voltline/test-kit/tools';
import { orders } from '../db/schema.ts';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { firstTool, placeOrder, placePaidOrder } from '../test-support/test-orders.ts';
import { bearer, type TestUser } from '../test-support/test-users.ts';

/** A tool whose picture is an uploaded one (under /api/images), not one the shop ships. */
const newSaw = () => newTool({ img: '/api/images/00000000-0000-4000-8000-000000000001', price: 120, minimumOrderQuantity: 2, availableQuantity: 40 });

describe.each(testDatabaseKinds)('catalogue management on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
    shop.app.inject({ method, url, headers: user ? bearer(user) : {}, payload });

  it('adds a tool that then leads the public catalogue', async () => {
    const input = newSaw();
    const response = await call('POST', '/api/addTool', shop.admin, input);
    expect(response.statusCode).toBe(200);
    const [newest] = (await call('GET', '/api/getTools', null)).json();
    expect(newest).toEqual({ _id: response.json().insertedId, ...input, orderableQuantity: input.availableQuantity, vatRate: null, sku: null, gtin: null, serialised: false, warrantyMonths: null });
    expect((await call('GET', '/api/adminGetTools', shop.admin)).json()[0]._id).toBe(newest._id);
  });

  it.each([
    ['a duplicate name', async () => ({ ...newSaw(), toolName: (await firstTool(shop)).toolName }), 409],
    ['a price of 0', async () => ({ ...newSaw(), price: 0 }), 400],
    ['a price past whole cents', async () => ({ ...newSaw(), price: 9.999 }), 400],
    ['a minimum of 0', async () => ({ ...newSaw(), minimumOrderQuantity: 0 }), 400],
    ['negative stock', async () => ({ ...newSaw(), availableQuantity: -1 }), 400],
    ['numbers as text', async () => ({ ...newSaw(), price: '120' }), 400],
    ['a hot-linked image', async () => ({ ...newSaw(), img: 'https://images.example.com/x.png' }), 400],
    ['no name', async () => ({ ...newSaw(), toolName: '  ' }), 400],
    ['a smallest order over the card maximum', async () => ({ ...newSaw(), price: 100_000, minimumOrderQuantity: 10, availableQuantity: 10 }), 400],
  ])('refuses a tool with %s and writes nothing', async (_label, build, status) => {
    const before = await snapshotShop(shop.database.db);
    const response = await call('POST', '/api/addTool', shop.admin, await build());
    expect(response.statusCode).toBe(status);
    expect(response.json().message.length).toBeGreaterThan(0);
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  it('updates stock and minimum with whole numbers, and the price in whole cents', async () => {
    const tool = await firstTool(shop);
    const update = { availableQuantity: 77, minimumOrderQuantity: 3, price: 55 };
    expect((await call('PATCH', `/api/updateTool/${tool._id}`, shop.admin, update)).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await call('GET', `/api/getTool/${tool._id}`, null)).json()).toMatchObject(update);
    for (const bad of [{ ...update, price: 1.555 }, { availableQuantity: 5 }, { ...update, promisedQuantity: 0 }]) {
      expect((await call('PATCH', `/api/updateTool/${tool._id}`, shop.admin, bad)).statusCode).toBe(400);
    }
    expect((await call('PATCH', '/api/updateTool/00000000-0000-4000-8000-000000000000', shop.admin, update)).statusCode).toBe(404);
  });

  it('deletes a tool; its orders keep their snapshot', async () => {
    const { insertedId } = (await call('POST', '/api/addTool', shop.admin, newSaw())).json();
    const tool: Tool = (await call('GET', `/api/getTool/${insertedId}`, null)).json();
    const orderId = await placeOrder(shop, shop.customer, tool);
    expect((await call('DELETE', `/api/deleteTool/${insertedId}`, shop.admin)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call('GET', `/api/getTool/${insertedId}`, null)).statusCode).toBe(404);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ toolId: null, product: tool.toolName, img: tool.img, unitPriceCents: tool.price * 100 });
    expect((await call('DELETE', `/api/deleteTool/${insertedId}`, shop.admin)).statusCode).toBe(404);
  });

  it('stocks a shelf worth more than one card payment (issue 26: 300 units at $5,000), added or updated', async () => {
    const added = await call('POST', '/api/addTool', shop.admin, { ...newSaw(), price: 5000, minimumOrderQuantity: 1, availableQuantity: 300 });
    expect(added.statusCode).toBe(200);
    const { insertedId } = added.json();
    expect((await call('GET', `/api/getTool/${insertedId}`, null)).json()).toMatchObject({ price: 5000, availableQuantity: 300 });
    // Up to the column's bound: ten million units at the highest price.
    const updated = await call('PATCH', `/api/updateTool/${insertedId}`, shop.admin, { availableQuantity: 10_000_000, minimumOrderQuantity: 1, price: 999_999 });
    expect(updated.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
  });

  it('refuses a price and minimum order whose smallest order no card payment could take, in the shared words', async () => {
    const { insertedId } = (await call('POST', '/api/addTool', shop.admin, newSaw())).json();
    const before = await snapshotShop(shop.database.db);
    // $100,000 x 10 = $1,000,000: one cent over what one payment takes.
    const response = await call('PATCH', `/api/updateTool/${insertedId}`, shop.admin, { availableQuantity: 10, minimumOrderQuantity: 10, price: 100_000 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(payableToolMessage());
    expect(await snapshotShop(shop.database.db)).toEqual(before);
    const fits = await call('PATCH', `/api/updateTool/${insertedId}`, shop.admin, { availableQuantity: 10, minimumOrderQuantity: 9, price: 100_000 });
    expect(fits.statusCode).toBe(200);
  });

  it('saves a minimum above the stock, with a warning, and the tool shows nothing orderable', async () => {
    const { insertedId } = (await call('POST', '/api/addTool', shop.admin, newSaw())).json();
    const response = await call('PATCH', `/api/updateTool/${insertedId}`, shop.admin, { availableQuantity: 3, minimumOrderQuantity: 10, price: 20 });
    expect(response.json()).toEqual({ acknowledged: true, modifiedCount: 1, warning: minimumAboveStockWarning(10, 3) });
    const tool: Tool = (await call('GET', `/api/getTool/${insertedId}`, null)).json();
    expect(isOutOfStock(tool)).toBe(true);
  });

  it('keeps the spec stock call for old clients: Deliver then the stock call lowers the stock once', async () => {
    const { insertedId } = (await call('POST', '/api/addTool', shop.admin, { ...newSaw(), availableQuantity: 50, minimumOrderQuantity: 1 })).json();
    const tool: Tool = (await call('GET', `/api/getTool/${insertedId}`, null)).json();
    const orderId = await placePaidOrder(shop, shop.customer, tool, 5);
    expect((await call('PATCH', `/api/deliverConfirm/${orderId}`, shop.admin, { delivery: 'shipped' })).statusCode).toBe(200);
    const stockCall = await call('PATCH', `/api/getTool?toolName=${encodeURIComponent(tool.toolName)}`, shop.admin, { quantity: 5 });
    expect(stockCall.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect((await call('GET', `/api/getTool/${insertedId}`, null)).json()).toMatchObject({ availableQuantity: 45, orderableQuantity: 45 });
    expect((await call('PATCH', '/api/getTool?toolName=No%20such%20tool', shop.admin, { quantity: 5 })).statusCode).toBe(404);
  });

  it.each([
    ['GET', '/api/adminGetTools'],
    ['POST', '/api/addTool'],
    ['PATCH', '/api/updateTool/TOOL'],
    ['DELETE', '/api/deleteTool/TOOL'],
    ['PATCH', '/api/getTool?toolName=NAME'],
  ] as const)('refuses %s %s to anonymous callers and customers, changing nothing', async (method, path) => {
    const tool = await firstTool(shop);
    const url = path.replace('TOOL', tool._id).replace('NAME', encodeURIComponent(tool.toolName));
    const payload = method === 'POST' ? newSaw() : method === 'PATCH' ? { quantity: 1, availableQuantity: 1, minimumOrderQuantity: 1, price: 1 } : undefined;
    const before = await snapshotShop(shop.database.db);
    expect((await call(method, url, null, payload)).statusCode).toBe(401);
    expect((await call(method, url, shop.customer, payload)).statusCode).toBe(403);
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });
});
