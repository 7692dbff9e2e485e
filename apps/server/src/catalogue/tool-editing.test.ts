import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '@voltline/shared/text-limits';
import { stockBelowPromisedMessage, toolNameTakenMessage, type Tool } from '@voltline/shared/tool';
import { tools } from '../db/schema.ts';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { itRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { createIntent, card, placeOrder, placePaidOrder, toolRow } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, type TestUser } from '../test-support/test-users.ts';

const uniqueName = (label: string) => `Voltline ${label} ${Math.random().toString(36).slice(2, 8)}`;
const numbers = { price: 40, minimumOrderQuantity: 1, availableQuantity: 10 };

/** Issue 16: an admin edits the whole tool (name, description, picture), never below what paid orders hold. */
describe.each(testDatabaseKinds)('editing a tool on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  const race = itRaces(kind);

  const editTool = (toolId: string, edit: object, user: TestUser | null = shop.admin) =>
    shop.app.inject({ method: 'PATCH', url: `/api/updateTool/${toolId}`, headers: user ? bearer(user) : {}, payload: edit });
  const publicTool = async (toolId: string): Promise<Tool> => (await shop.app.inject({ method: 'GET', url: `/api/getTool/${toolId}` })).json();

  async function addTool(overrides: Partial<typeof numbers> = {}): Promise<Tool> {
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/addTool',
      headers: bearer(shop.admin),
      payload: {
        toolName: uniqueName('Edit Drill'),
        description: 'A drill the editing tests rename, describe again and picture anew.',
        img: '/images/tools/jigsaw.svg',
        ...numbers,
        ...overrides,
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    return publicTool(added.json().insertedId);
  }

  it('changes name, description and picture with the numbers; the public catalogue and tool page show them at once', async () => {
    const tool = await addTool();
    await publicTool(tool._id); // now cached
    const edit = {
      ...numbers,
      toolName: uniqueName('Renamed Drill'),
      description: 'A new description the owner wrote.',
      img: '/api/images/00000000-0000-4000-8000-000000000002',
    };
    expect((await editTool(tool._id, edit)).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await publicTool(tool._id)).toMatchObject(edit);
    const listed: Tool[] = (await shop.app.inject({ method: 'GET', url: `/api/getTools?q=${encodeURIComponent(edit.toolName)}` })).json();
    expect(listed.map((found) => found._id)).toEqual([tool._id]);
  });

  it('keeps name, description and picture when a spec client sends only the three numbers', async () => {
    const tool = await addTool();
    expect((await editTool(tool._id, { ...numbers, price: 41 })).statusCode).toBe(200);
    expect(await publicTool(tool._id)).toMatchObject({ toolName: tool.toolName, description: tool.description, img: tool.img, price: 41 });
  });

  it('refuses a name another tool has with 409 in words, changing nothing', async () => {
    const [first, second] = [await addTool(), await addTool()];
    const before = await snapshotShop(shop.database.db);
    const response = await editTool(second._id, { ...numbers, toolName: first.toolName, price: 99 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'conflict', message: toolNameTakenMessage(first.toolName) });
    expect(await snapshotShop(shop.database.db)).toEqual(before);
    // Its own name is no conflict.
    expect((await editTool(second._id, { ...numbers, toolName: second.toolName })).statusCode).toBe(200);
  });

  race('gives a contested name to exactly one of two tools renamed at the same moment; the other hears why', async () => {
    const contested = uniqueName('Contested Saw');
    const renamed = [await addTool(), await addTool(), await addTool()];
    const answers = await Promise.all(renamed.map((tool) => editTool(tool._id, { ...numbers, toolName: contested })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().message).toBe(toolNameTakenMessage(contested));
    }
    expect(await shop.database.db.select({ id: tools.id }).from(tools).where(eq(tools.toolName, contested))).toHaveLength(1);
  });

  it.each([
    ['a name over the limit', { toolName: 'x'.repeat(TEXT_LIMITS.toolName + 1) }, `Tool name can be at most ${TEXT_LIMITS.toolName} characters`],
    ['a blank name', { toolName: '   ' }, 'Tool name is required'],
    ['a blank description', { description: '' }, 'Description is required'],
    ['a hot-linked picture', { img: 'https://images.example.com/drill.png' }, 'Image must be an uploaded picture'],
    ['a field no admin sets', { promisedQuantity: 0 }, 'Promised quantity cannot be sent here'],
  ])('refuses %s in the shop words, changing nothing', async (_label, bad, message) => {
    const tool = await addTool();
    const before = await snapshotShop(shop.database.db);
    const response = await editTool(tool._id, { ...numbers, ...bad });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message });
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  it.each([
    ['null', null],
    ['a list', [numbers]],
  ])('refuses a body that is no tool at all (%s) with 400, adding and editing alike', async (_label, body) => {
    const tool = await addTool();
    const headers = { ...bearer(shop.admin), 'content-type': 'application/json' };
    const payload = JSON.stringify(body);
    expect((await shop.app.inject({ method: 'PATCH', url: `/api/updateTool/${tool._id}`, headers, payload })).statusCode).toBe(400);
    expect((await shop.app.inject({ method: 'POST', url: '/api/addTool', headers, payload })).statusCode).toBe(400);
  });

  it('asks who is calling before it reads the body: strangers 401, customers 403, even with a bad body', async () => {
    const tool = await addTool();
    const before = await snapshotShop(shop.database.db);
    const bad = { toolName: '', price: 'lots' };
    expect((await editTool(tool._id, bad, null)).statusCode).toBe(401);
    expect((await editTool(tool._id, bad, shop.customer)).statusCode).toBe(403);
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  it('never takes the stock below the units paid orders hold: 409 in words, and exactly that much is allowed', async () => {
    const tool = await addTool({ availableQuantity: 10 });
    await placePaidOrder(shop, shop.customer, tool, 6);
    const before = await snapshotShop(shop.database.db);
    const below = await editTool(tool._id, { ...numbers, availableQuantity: 5, toolName: uniqueName('Never saved') });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toEqual({ error: 'conflict', message: stockBelowPromisedMessage(6) });
    expect(await snapshotShop(shop.database.db)).toEqual(before);
    expect((await editTool(tool._id, { ...numbers, availableQuantity: 6 })).statusCode).toBe(200);
    expect(await publicTool(tool._id)).toMatchObject({ availableQuantity: 6, orderableQuantity: 0 });
  });

  it('lets an oversold tool (more promised than in stock) be renamed and restocked, but not lowered further', async () => {
    const tool = await addTool({ availableQuantity: 10 });
    await placePaidOrder(shop, shop.customer, tool, 8);
    // Stock counted as broken after the promise, from before the shop refused it: 8 promised, 3 on the shelf.
    await shop.database.db.update(tools).set({ availableQuantity: 3 }).where(eq(tools.id, tool._id));
    expect((await editTool(tool._id, { ...numbers, availableQuantity: 3, toolName: uniqueName('Oversold') })).statusCode).toBe(200);
    expect((await editTool(tool._id, { ...numbers, availableQuantity: 2 })).statusCode).toBe(409);
    expect((await editTool(tool._id, { ...numbers, availableQuantity: 12 })).statusCode).toBe(200);
  });

  race('keeps stock at or above the promised units when payments and a stock cut race', async () => {
    const tool = await addTool({ availableQuantity: 8 });
    const orderIds = await Promise.all(Array.from({ length: 4 }, () => placeOrder(shop, shop.customer, tool, 2)));
    const secrets = await Promise.all(orderIds.map(async (orderId) => (await createIntent(shop, shop.customer, orderId)).json().clientSecret as string));
    const payments = secrets.map((clientSecret) =>
      shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } }),
    );
    const cut = editTool(tool._id, { ...numbers, availableQuantity: 4 });
    const [cutAnswer, ...paid] = await Promise.all([cut, ...payments]);
    expect([200, 409]).toContain(cutAnswer.statusCode);
    for (const payment of paid) expect(payment.statusCode).toBeLessThan(500);
    const row = await toolRow(shop, tool._id);
    expect(row!.promisedQuantity).toBeLessThanOrEqual(row!.availableQuantity);
    const paidCount = paid.filter((payment) => payment.statusCode === 200).length;
    expect(row!.promisedQuantity).toBe(paidCount * 2);
    expect(row!.availableQuantity).toBe(cutAnswer.statusCode === 200 ? 4 : 8);
  });

  it('answers 404 for a tool that does not exist', async () => {
    expect((await editTool('00000000-0000-4000-8000-000000000000', numbers)).statusCode).toBe(404);
    expect((await editTool('not-an-id', numbers)).statusCode).toBe(404);
  });
});
