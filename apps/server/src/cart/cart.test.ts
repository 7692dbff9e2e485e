import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CartMergeAnswer } from '@voltline/shared/cart';
import { CART_MAX_LINES, cartMergeNotes, cartMessages, type Cart } from '@voltline/shared/cart-rules';
import { orderQuantityMessages } from '@voltline/shared/order';
import { authUsers, cartLines, tools } from '../db/schema.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { freshTool, newToolRow, placePaidOrder } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

describe.each(testDatabaseKinds)('the cart on $name', (kind) => {
  const shop = useTestShop(kind, { users: true });

  const call = (user: TestUser | null, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
    shop.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? bearer(user) : {} });
  const cartOf = async (user: TestUser) => {
    const response = await call(user, 'GET', '/api/cart');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Cart>();
  };
  const put = (user: TestUser, toolId: string, quantity: unknown) => call(user, 'PUT', `/api/cart/lines/${toolId}`, { quantity });
  const storedLines = (user: TestUser) =>
    shop.database.db
      .select({ line: cartLines })
      .from(cartLines)
      .innerJoin(authUsers, eq(authUsers.id, cartLines.userId))
      .where(eq(authUsers.email, user.email))
      .orderBy(cartLines.toolId);
  const customer = () => registerUser(shop);

  it('asks a visitor to sign in for every cart call, and writes nothing', async () => {
    const tool = await freshTool(shop, 10);
    const before = await shop.database.db.select().from(cartLines);
    for (const [method, url, payload] of [
      ['GET', '/api/cart'],
      ['PUT', `/api/cart/lines/${tool._id}`, { quantity: 1 }],
      ['DELETE', `/api/cart/lines/${tool._id}`],
      ['POST', '/api/cart/merge', { lines: [{ toolId: tool._id, quantity: 1 }] }],
    ] as const) {
      const response = await call(null, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized', message: expect.any(String) });
    }
    expect(await shop.database.db.select().from(cartLines)).toEqual(before);
  });

  it('adds tools at their current prices, totals them and counts the units', async () => {
    const alice = await customer();
    const drill = await freshTool(shop, 20, 2, 120);
    const bits = await freshTool(shop, 50, 1, 15);
    expect((await put(alice, drill._id, 3)).statusCode).toBe(200);
    const answer = await put(alice, bits._id, '4');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      lines: [
        { toolId: drill._id, toolName: drill.toolName, img: drill.img, unitPrice: 120, quantity: 3, lineTotal: 360, addedUnitPrice: 120, minimumOrderQuantity: 2, maximumQuantity: 20, problem: null },
        { toolId: bits._id, toolName: bits.toolName, img: bits.img, unitPrice: 15, quantity: 4, lineTotal: 60, addedUnitPrice: 15, minimumOrderQuantity: 1, maximumQuantity: 50, problem: null },
      ],
      subtotal: 420,
      units: 7,
    });
    expect(await cartOf(alice)).toEqual(answer.json());

    // A change of quantity replaces the line's quantity; it is not a second line.
    const changed = await put(alice, drill._id, 5);
    expect(changed.json<Cart>().lines.map((line) => [line.toolId, line.quantity])).toEqual([
      [drill._id, 5],
      [bits._id, 4],
    ]);
    expect(changed.json<Cart>().subtotal).toBe(660);
  });

  it('answers the current price, and the one the line was added at, after the shop changes it', async () => {
    const alice = await customer();
    const tool = await freshTool(shop, 20, 1, 100);
    await put(alice, tool._id, 2);
    const update = await call(shop.admin, 'PATCH', `/api/updateTool/${tool._id}`, { availableQuantity: 20, minimumOrderQuantity: 1, price: 135 });
    expect(update.statusCode, update.body).toBe(200);
    const [line] = (await cartOf(alice)).lines;
    expect(line).toMatchObject({ unitPrice: 135, addedUnitPrice: 100, lineTotal: 270, problem: null });
    // Changing the quantity keeps the price it was added at, so the page goes on saying the price moved.
    expect((await put(alice, tool._id, 3)).json<Cart>().lines[0]).toMatchObject({ unitPrice: 135, addedUnitPrice: 100, lineTotal: 405 });
  });

  it('refuses a quantity below the minimum order or not a whole number with 400 in words, keeping the cart', async () => {
    const alice = await customer();
    const tool = await freshTool(shop, 20, 3, 10);
    await put(alice, tool._id, 4);
    const before = await storedLines(alice);
    for (const [quantity, message] of [
      [2, orderQuantityMessages.tooFew(3)],
      [0, orderQuantityMessages.tooFew(3)],
      [-4, orderQuantityMessages.tooFew(3)],
      [3.5, 'Quantity must be a whole number'],
      ['3.5', 'Quantity must be a whole number'],
      ['three', 'Quantity must be a whole number'],
      [null, 'Quantity must be a whole number'],
    ] as const) {
      const response = await put(alice, tool._id, quantity);
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await storedLines(alice)).toEqual(before);
  });

  it('refuses more than can be ordered (stock not promised to paid orders) with 409 in words, keeping the cart', async () => {
    const alice = await customer();
    const tool = await freshTool(shop, 10, 2, 10);
    await placePaidOrder(shop, shop.customer, tool, 6);
    expect((await put(alice, tool._id, 4)).statusCode).toBe(200);
    const refused = await put(alice, tool._id, 5);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'conflict', message: orderQuantityMessages.tooMany(4) });
    expect((await storedLines(alice)).map(({ line }) => line.quantity)).toEqual([4]);
  });

  it('refuses more than one card payment takes with 409 in words', async () => {
    const alice = await customer();
    const tool = await freshTool(shop, 1000, 1, 5000);
    expect((await put(alice, tool._id, 199)).statusCode).toBe(200);
    const refused = await put(alice, tool._id, 200);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(orderQuantityMessages.overOnePayment(5000));
    expect((await cartOf(alice)).lines[0]).toMatchObject({ quantity: 199, maximumQuantity: 199 });
  });

  it('refuses a tool that is out of stock with 409 in words', async () => {
    const alice = await customer();
    const tool = await freshTool(shop, 1, 2, 10);
    const refused = await put(alice, tool._id, 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(cartMessages.outOfStock(tool.toolName));
    expect(await storedLines(alice)).toEqual([]);
  });

  it('answers 404 in words for a tool the shop does not have', async () => {
    const alice = await customer();
    for (const toolId of ['00000000-0000-4000-8000-000000000000', 'not-a-tool']) {
      const response = await put(alice, toolId, 1);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: 'Tool not found' });
    }
    expect(await storedLines(alice)).toEqual([]);
  });

  it(`holds at most ${CART_MAX_LINES} different tools: the next is refused in words, changing one still works`, async () => {
    const alice = await customer();
    const rows = await shop.database.db
      .insert(tools)
      .values(Array.from({ length: CART_MAX_LINES + 1 }, () => newToolRow({ availableQuantity: 5 })))
      .returning();
    for (const row of rows.slice(0, CART_MAX_LINES)) expect((await put(alice, row.id, 1)).statusCode).toBe(200);
    const refused = await put(alice, rows.at(-1)!.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(cartMessages.full);
    expect(await storedLines(alice)).toHaveLength(CART_MAX_LINES);
    expect((await put(alice, rows[0]!.id, 2)).statusCode).toBe(200);

    // Merging a browser cart into a full one leaves the new tools out, and says how many.
    const merged = await call(alice, 'POST', '/api/cart/merge', { lines: [{ toolId: rows.at(-1)!.id, quantity: 1 }] });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json<CartMergeAnswer>().notes).toEqual([cartMergeNotes.full(1)]);
    expect(merged.json<CartMergeAnswer>().lines).toHaveLength(CART_MAX_LINES);
  });

  it('takes a line out, and leaves the cart as it is for a tool it does not hold', async () => {
    const alice = await customer();
    const [drill, saw] = [await freshTool(shop, 10), await freshTool(shop, 10)];
    await put(alice, drill._id, 1);
    await put(alice, saw._id, 2);
    const removed = await call(alice, 'DELETE', `/api/cart/lines/${drill._id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Cart>().lines.map((line) => line.toolId)).toEqual([saw._id]);
    for (const toolId of [drill._id, 'not-a-tool']) {
      const again = await call(alice, 'DELETE', `/api/cart/lines/${toolId}`);
      expect(again.statusCode).toBe(200);
      expect(again.json<Cart>().units).toBe(2);
    }
  });

  it('says why a line can no longer be ordered (the stock fell below it or to nothing, the tool was deleted) and leaves it out of the subtotal', async () => {
    const alice = await customer();
    const [drill, saw] = [await freshTool(shop, 10, 1, 40), await freshTool(shop, 10, 1, 25)];
    const [hammer, bits] = [await freshTool(shop, 3, 1, 70), await freshTool(shop, 50, 1, 15)];
    await put(alice, drill._id, 8);
    await put(alice, saw._id, 2);
    await put(alice, hammer._id, 2);
    await put(alice, bits._id, 2);
    await placePaidOrder(shop, shop.customer, drill, 5);
    await placePaidOrder(shop, shop.customer, hammer, 3);
    const deleted = await call(shop.admin, 'DELETE', `/api/deleteTool/${saw._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const cart = await cartOf(alice);
    const line = (toolId: string) => cart.lines.find((each) => each.toolId === toolId);
    expect(line(drill._id)).toEqual(
      expect.objectContaining({ toolId: drill._id, quantity: 8, maximumQuantity: 5, lineTotal: 320, problem: { code: 'above_orderable', message: orderQuantityMessages.tooMany(5) } }),
    );
    expect(line(hammer._id)).toEqual(expect.objectContaining({ quantity: 2, lineTotal: 140, problem: { code: 'out_of_stock', message: cartMessages.outOfStock(hammer.toolName) } }));
    expect(line(bits._id)).toEqual(expect.objectContaining({ quantity: 2, lineTotal: 30, problem: null }));
    expect([line(saw._id)]).toEqual([
      expect.objectContaining({
        toolId: saw._id,
        toolName: saw.toolName,
        quantity: 2,
        lineTotal: 0,
        problem: { code: 'tool_deleted', message: cartMessages.toolDeleted(saw.toolName) },
      }),
    ]);
    // Only the line that can be ordered counts (issue 43): what checkout could charge.
    expect(cart.subtotal).toBe(30);
    expect(cart.units).toBe(14);
    // Brought within what can be ordered, the drill's line counts again.
    expect((await put(alice, drill._id, 5)).json<Cart>().subtotal).toBe(230);
    // The deleted tool's line can be taken out; it cannot be changed.
    expect((await put(alice, saw._id, 1)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/api/cart/lines/${saw._id}`)).json<Cart>().lines).toHaveLength(3);
  });

  it("keeps each customer's cart their own: another customer neither sees nor changes it", async () => {
    const [alice, bob] = [await customer(), await customer()];
    const tool = await freshTool(shop, 10);
    await put(alice, tool._id, 3);
    expect(await cartOf(bob)).toEqual({ lines: [], subtotal: 0, units: 0 });
    expect((await put(bob, tool._id, 1)).json<Cart>().units).toBe(1);
    await call(bob, 'DELETE', `/api/cart/lines/${tool._id}`);
    expect((await cartOf(alice)).lines).toEqual([expect.objectContaining({ toolId: tool._id, quantity: 3 })]);
    expect(await cartOf(bob)).toEqual({ lines: [], subtotal: 0, units: 0 });
  });

  it("merges a browser cart into the account's: adds quantities up, holds them within the rules and says what it changed", async () => {
    const alice = await customer();
    const kept = await freshTool(shop, 20, 1, 10);
    // New lines, more than a few: in any other order than the browser's they would be found out.
    const later = [];
    for (let index = 0; index < 5; index += 1) later.push(await freshTool(shop, 20, 1, 10));
    const capped = await freshTool(shop, 6, 1, 10);
    const raised = await freshTool(shop, 20, 5, 10);
    const soldOut = await freshTool(shop, 1, 2, 10);
    await put(alice, kept._id, 2);
    await put(alice, capped._id, 4);
    const merged = await call(alice, 'POST', '/api/cart/merge', {
      lines: [
        // Added in the browser cart's order, after the account's lines.
        { toolId: raised._id, quantity: 2 },
        ...later.map((tool) => ({ toolId: tool._id, quantity: 1 })),
        { toolId: kept._id, quantity: 3 },
        { toolId: capped._id, quantity: 5 },
        { toolId: soldOut._id, quantity: 2 },
        { toolId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        { toolId: 'not-a-tool', quantity: 1 },
      ],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const answer = merged.json<CartMergeAnswer>();
    expect(answer.lines.map((line) => [line.toolId, line.quantity])).toEqual([
      [kept._id, 5],
      [capped._id, 6],
      [raised._id, 5],
      ...later.map((tool) => [tool._id, 1]),
    ]);
    expect(answer.notes).toEqual([
      cartMergeNotes.raised(raised.toolName, 2, 5),
      cartMergeNotes.capped(capped.toolName, 9, 6),
      cartMergeNotes.outOfStock(soldOut.toolName),
      cartMergeNotes.gone(2),
    ]);
    expect(await cartOf(alice)).toEqual({ lines: answer.lines, subtotal: answer.subtotal, units: answer.units });
  });

  it('refuses a malformed browser cart with 400 in words and merges nothing', async () => {
    const alice = await customer();
    const tool = await freshTool(shop, 10);
    for (const lines of [[{ toolId: tool._id, quantity: 1.5 }], [{ toolId: tool._id, quantity: 0 }], Array.from({ length: CART_MAX_LINES + 1 }, () => ({ toolId: tool._id, quantity: 1 }))]) {
      const response = await call(alice, 'POST', '/api/cart/merge', { lines });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await storedLines(alice)).toEqual([]);
  });
});
