import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { categoryMessages, type Attribute, type CategoryTreeNode, type ToolDetail, type ToolSearchAnswer } from '@voltline/shared/categories';
import { newTool } from '@voltline/test-kit/tools';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { itRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer } from '../test-support/test-users.ts';

const unique = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Issue 40, items 1, 2 and 5: categories, specifications, and the search's filters with counts. */
describe.each(testDatabaseKinds)('categories and specifications on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  const race = itRaces(kind);

  const asAdmin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    shop.app.inject({ method, url: `/api${url}`, headers: bearer(shop.admin), ...(payload && { payload }) });

  async function createCategory(name: string, parentId?: string): Promise<{ _id: string; slug: string }> {
    const created = await asAdmin('POST', '/admin/categories', { name, ...(parentId && { parentId }) });
    expect(created.statusCode, created.body).toBe(200);
    return created.json();
  }
  async function addAttribute(categoryId: string, attribute: object): Promise<Attribute> {
    const added = await asAdmin('POST', `/admin/categories/${categoryId}/attributes`, attribute);
    expect(added.statusCode, added.body).toBe(200);
    return added.json();
  }
  async function addTool(overrides: Partial<ReturnType<typeof newTool>> = {}): Promise<string> {
    const added = await asAdmin('POST', '/addTool', newTool(overrides));
    expect(added.statusCode, added.body).toBe(200);
    return added.json().insertedId;
  }
  const numbers = { availableQuantity: 50, minimumOrderQuantity: 1, price: 10 };
  const editTool = (toolId: string, edit: object) => asAdmin('PATCH', `/updateTool/${toolId}`, { ...numbers, ...edit });
  const toolPage = async (toolId: string): Promise<ToolDetail> => (await shop.app.inject({ method: 'GET', url: `/api/getTool/${toolId}` })).json();
  const tree = async (): Promise<CategoryTreeNode[]> => (await shop.app.inject({ method: 'GET', url: '/api/categories' })).json();
  const search = async (query: string): Promise<ToolSearchAnswer> => {
    const answer = await shop.app.inject({ method: 'GET', url: `/api/tools/search?${query}` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  /** Power tools > Drills > Impact drivers, with Cordless above, Voltage and Torque on the drivers. */
  async function drivers() {
    const power = await createCategory(unique('Power tools'));
    const drills = await createCategory(unique('Drills'), power._id);
    const impact = await createCategory(unique('Impact drivers'), drills._id);
    const cordless = await addAttribute(power._id, { name: 'Cordless', kind: 'yesno' });
    const voltage = await addAttribute(impact._id, { name: 'Voltage', kind: 'choice', choices: ['12 V', '18 V'] });
    const torque = await addAttribute(impact._id, { name: 'Torque', kind: 'number', unit: 'Nm' });
    return { power, drills, impact, cordless, voltage, torque };
  }

  it('builds a tree of three levels, answered publicly with each category’s specifications', async () => {
    const { power, drills, impact, voltage } = await drivers();
    const top = (await tree()).find((node) => node._id === power._id)!;
    expect(top).toMatchObject({ slug: power.slug, parentId: null, children: [{ _id: drills._id, children: [{ _id: impact._id, parentId: drills._id }] }] });
    expect(top.children[0]!.children[0]!.attributes).toContainEqual(voltage);
  });

  it('refuses a fourth level in words, by creation and by moving a branch under another', async () => {
    const { power, impact } = await drivers();
    const before = await snapshotShop(shop.database.db);
    const fourth = await asAdmin('POST', '/admin/categories', { name: unique('Too deep'), parentId: impact._id });
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json()).toEqual({ error: 'invalid_data', message: categoryMessages.fourthLevel });
    // A two-level branch under a second level makes four.
    const other = await createCategory(unique('Hand tools'));
    const branch = await createCategory(unique('Screwdrivers'));
    await createCategory(unique('Precision'), branch._id);
    const middle = await createCategory(unique('Sets'), other._id);
    const moved = await asAdmin('PATCH', `/admin/categories/${branch._id}`, { parentId: middle._id });
    expect(moved.json()).toEqual({ error: 'invalid_data', message: categoryMessages.fourthLevel });
    const underItself = await asAdmin('PATCH', `/admin/categories/${power._id}`, { parentId: impact._id });
    expect(underItself.json().message).toBe(categoryMessages.movedUnderItself);
    expect((await snapshotShop(shop.database.db)).tools).toEqual(before.tools);
    // One level up is within the rule.
    expect((await asAdmin('PATCH', `/admin/categories/${branch._id}`, { parentId: other._id })).statusCode).toBe(200);
  });

  it('renames and moves; a taken address name is refused in words', async () => {
    const first = await createCategory(unique('Saws'));
    const second = await createCategory(unique('Grinders'));
    const renamed = await asAdmin('PATCH', `/admin/categories/${second._id}`, { name: 'Angle grinders' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const taken = await asAdmin('PATCH', `/admin/categories/${second._id}`, { slug: first.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(categoryMessages.slugTaken(first.slug));
    const node = (await tree()).find((category) => category._id === second._id);
    expect(node).toMatchObject({ name: 'Angle grinders', slug: second.slug });
  });

  it('deletes only an empty category: one with tools or subcategories is refused in words', async () => {
    const { drills, impact, voltage } = await drivers();
    const toolId = await addTool();
    expect((await editTool(toolId, { categoryId: impact._id, specifications: { [voltage._id]: '18 V' } })).statusCode).toBe(200);
    const withChildren = await asAdmin('DELETE', `/admin/categories/${drills._id}`);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().message).toBe(categoryMessages.hasChildren(1));
    const withTools = await asAdmin('DELETE', `/admin/categories/${impact._id}`);
    expect(withTools.statusCode).toBe(409);
    expect(withTools.json().message).toBe(categoryMessages.hasTools(1));
    expect((await editTool(toolId, { categoryId: null })).statusCode).toBe(200);
    expect((await toolPage(toolId)).specifications).toEqual([]);
    expect((await asAdmin('DELETE', `/admin/categories/${impact._id}`)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it('sets a tool’s category and specifications through its edit; its page answers them with the path', async () => {
    const { power, drills, impact, cordless, voltage, torque } = await drivers();
    const toolId = await addTool();
    const edited = await editTool(toolId, { categoryId: impact._id, specifications: { [voltage._id]: '18 v', [torque._id]: 180, [cordless._id]: true } });
    expect(edited.statusCode, edited.body).toBe(200);
    const page = await toolPage(toolId);
    expect(page.category).toMatchObject({ _id: impact._id, path: [{ _id: power._id }, { _id: drills._id }, { _id: impact._id }] });
    expect(page.specifications).toEqual([
      { attributeId: cordless._id, name: 'Cordless', kind: 'yesno', unit: null, value: true },
      { attributeId: voltage._id, name: 'Voltage', kind: 'choice', unit: null, value: '18 V' },
      { attributeId: torque._id, name: 'Torque', kind: 'number', unit: 'Nm', value: 180 },
    ]);
    // The spec's three numbers alone keep both.
    expect((await editTool(toolId, { price: 12 })).statusCode).toBe(200);
    expect((await toolPage(toolId)).specifications).toHaveLength(3);
  });

  it('refuses a value of the wrong kind in words and changes nothing', async () => {
    const { impact, power, cordless, voltage, torque } = await drivers();
    const toolId = await addTool();
    expect((await editTool(toolId, { categoryId: impact._id, specifications: { [torque._id]: 150 } })).statusCode).toBe(200);
    const before = await snapshotShop(shop.database.db);
    const refusals = [
      [{ [torque._id]: 'strong' }, categoryMessages.notANumber('Torque', 'Nm')],
      [{ [voltage._id]: '36 V' }, categoryMessages.notAChoice('Voltage', ['12 V', '18 V'])],
      [{ [cordless._id]: 'maybe' }, categoryMessages.notYesNo('Cordless')],
    ] as const;
    for (const [specifications, message] of refusals) {
      const refused = await editTool(toolId, { price: 99, specifications });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ error: 'invalid_data', message });
    }
    // A value of a category the tool is not in (the drivers' Torque on a tool moved up to Power tools).
    const outside = await editTool(toolId, { categoryId: power._id, specifications: { [torque._id]: 150 } });
    expect(outside.json().message).toBe(categoryMessages.notOfCategory);
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  it('drops the values a tool’s new category no longer asks for', async () => {
    const { impact, drills, cordless, torque } = await drivers();
    const toolId = await addTool();
    await editTool(toolId, { categoryId: impact._id, specifications: { [torque._id]: 150, [cordless._id]: false } });
    expect((await editTool(toolId, { categoryId: drills._id })).statusCode).toBe(200);
    expect((await toolPage(toolId)).specifications.map((value) => value.name)).toEqual(['Cordless']);
  });

  it('refuses to remove a choice some tool has, in words', async () => {
    const { impact, voltage } = await drivers();
    const toolId = await addTool();
    await editTool(toolId, { categoryId: impact._id, specifications: { [voltage._id]: '12 V' } });
    const removed = await asAdmin('PATCH', `/admin/categories/${impact._id}/attributes/${voltage._id}`, { choices: ['18 V'] });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(categoryMessages.choiceInUse('12 V', 1));
    const added = await asAdmin('PATCH', `/admin/categories/${impact._id}/attributes/${voltage._id}`, { choices: ['12 V', '18 V', '36 V'] });
    expect(added.json().choices).toEqual(['12 V', '18 V', '36 V']);
  });

  it('searches a category with its subcategories by specifications, price and stock, with counts given the other filters', async () => {
    const { drills, impact, voltage, torque } = await drivers();
    const make = async (name: string, voltageValue: string, torqueValue: number, extra: Partial<ReturnType<typeof newTool>> = {}) => {
      const id = await addTool({ toolName: unique(name), ...extra });
      const edited = await editTool(id, { ...numbers, ...extra, categoryId: impact._id, specifications: { [voltage._id]: voltageValue, [torque._id]: torqueValue } });
      expect(edited.statusCode, edited.body).toBe(200);
      return id;
    };
    const strong18 = await make('Driver strong', '18 V', 200, { price: 150 });
    const weak18 = await make('Driver weak', '18 V', 100, { price: 80 });
    const strong12 = await make('Driver small', '12 V', 160, { price: 60 });
    const empty18 = await make('Driver sold out', '18 V', 190, { price: 140, availableQuantity: 0 });

    // A category page holds its subcategories' tools, and offers only its own specifications (and those above it).
    const inDrills = await search(`category=${drills.slug}&limit=10`);
    expect(inDrills.total).toBe(4);
    expect(inDrills.facets.map((facet) => facet.attribute.name)).toEqual(['Cordless']);
    const all = await search(`category=${impact.slug}&limit=10`);
    expect(all.total).toBe(4);
    expect(all.facets).toEqual([
      expect.objectContaining({ attribute: expect.objectContaining({ name: 'Cordless' }), values: [{ value: true, count: 0 }, { value: false, count: 0 }] }),
      { attribute: { _id: voltage._id, name: 'Voltage', kind: 'choice', unit: null }, values: [{ value: '12 V', count: 1 }, { value: '18 V', count: 3 }] },
      { attribute: { _id: torque._id, name: 'Torque', kind: 'number', unit: 'Nm' }, values: { min: 100, max: 200 } },
    ]);

    const narrowed = await search(`category=${impact.slug}&filter=${voltage._id}:18 V&filter=${torque._id}:150..&inStock=true&sort=price-asc`);
    expect(narrowed.tools.map((tool) => tool._id)).toEqual([strong18]);
    expect(narrowed.total).toBe(1);
    // Voltage's counts leave its own filter out: 12 V would give the one strong 12 V driver.
    expect(narrowed.facets[1]!.values).toEqual([{ value: '12 V', count: 1 }, { value: '18 V', count: 1 }]);
    // Torque's range is of the 18 V drivers in stock, its own filter left out.
    expect(narrowed.facets[2]!.values).toEqual({ min: 100, max: 200 });

    const priced = await search(`category=${impact.slug}&minPrice=70&maxPrice=145&sort=price-desc`);
    expect(priced.tools.map((tool) => tool._id)).toEqual([empty18, weak18]);
    const paged = await search(`category=${impact.slug}&limit=2&sort=price-asc`);
    expect(paged.tools.map((tool) => tool._id)).toEqual([strong12, weak18]);
    const next = await search(`category=${impact.slug}&limit=2&sort=price-asc&cursor=${paged.nextCursor}`);
    expect(next.tools.map((tool) => tool._id)).toEqual([empty18, strong18]);
    expect(next.nextCursor).toBeNull();
  });

  it('counts each top-level category, or each subcategory of the one chosen, given the search word, price range and stock', async () => {
    const { power, drills, impact, cordless } = await drivers();
    const hand = await createCategory(unique('Hand tools'));
    // A word only this test's tools hold, so the shop-wide counts are of them alone.
    const word = `counted${randomBytes(4).toString('hex')}`;
    const place = async (categoryId: string, price: number, availableQuantity: number, specifications: object = {}) => {
      const id = await addTool({ toolName: unique(`${word} tool`) });
      const edited = await editTool(id, { price, availableQuantity, categoryId, specifications });
      expect(edited.statusCode, edited.body).toBe(200);
    };
    await place(impact._id, 150, 5, { [cordless._id]: true });
    await place(impact._id, 60, 5, { [cordless._id]: false });
    await place(impact._id, 140, 0, { [cordless._id]: true });
    await place(drills._id, 90, 5, { [cordless._id]: true });
    await place(hand._id, 20, 0);
    await place(hand._id, 30, 5);
    const countsOf = async (query: string) =>
      Object.fromEntries((await search(`q=${word}&limit=1&${query}`)).categories.map(({ slug, count }) => [slug, count]));

    // The whole catalogue: every top-level category, its subcategories' tools in its count, the empty ones listed with 0.
    const everywhere = await countsOf('');
    expect(everywhere).toMatchObject({ [power.slug]: 4, [hand.slug]: 2 });
    expect(Object.values(everywhere).reduce((sum, count) => sum + count, 0)).toBe(6);
    expect(await countsOf('inStock=true')).toMatchObject({ [power.slug]: 3, [hand.slug]: 1 });
    expect(await countsOf('minPrice=25&maxPrice=100')).toMatchObject({ [power.slug]: 2, [hand.slug]: 1 });
    expect(await countsOf('minPrice=25&maxPrice=100&inStock=true')).toMatchObject({ [power.slug]: 2, [hand.slug]: 1 });
    expect(await countsOf('minPrice=100&inStock=true')).toMatchObject({ [power.slug]: 1, [hand.slug]: 0 });

    // Within a category: its subcategories, given its specifications' filters too.
    expect((await search(`q=${word}&category=${power.slug}`)).categories).toEqual([{ slug: drills.slug, name: expect.any(String), count: 4 }]);
    expect(await countsOf(`category=${drills.slug}&inStock=true`)).toEqual({ [impact.slug]: 2 });
    expect(await countsOf(`category=${drills.slug}&filter=${cordless._id}:yes`)).toEqual({ [impact.slug]: 2 });
    expect((await search(`category=${impact.slug}`)).categories).toEqual([]);

    // An answer without a search word is kept until the catalogue changes: a tool put in a category counts at once.
    const inStockUnder = async () => (await search(`category=${power.slug}&inStock=true`)).categories.find(({ slug }) => slug === drills.slug)!.count;
    const before = await inStockUnder();
    await place(impact._id, 70, 5);
    expect(await inStockUnder()).toBe(before + 1);
  });

  it('refuses filters in words: a specification of no category chosen, a choice not on the list, an unknown category', async () => {
    const { impact, voltage, torque } = await drivers();
    const noCategory = await shop.app.inject({ method: 'GET', url: `/api/tools/search?filter=${voltage._id}:18 V` });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().message).toBe('Choose a category to filter by its specifications.');
    // The catalogue's own filters are refused in words too, whatever the category.
    const badPrice = await shop.app.inject({ method: 'GET', url: '/api/tools/search?minPrice=cheap' });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json()).toMatchObject({ error: expect.any(String), message: expect.stringContaining('Lowest price must be an amount such as 49.90') });
    const badChoice = await shop.app.inject({ method: 'GET', url: `/api/tools/search?category=${impact.slug}&filter=${voltage._id}:48 V` });
    expect(badChoice.json().message).toBe('Voltage has no choice "48 V": it is one of 12 V, 18 V.');
    const badRange = await shop.app.inject({ method: 'GET', url: `/api/tools/search?category=${impact.slug}&filter=${torque._id}:lots..` });
    expect(badRange.statusCode).toBe(400);
    const unknown = await shop.app.inject({ method: 'GET', url: `/api/tools/search?category=${slugOf(unique('nothing'))}` });
    expect(unknown.statusCode).toBe(404);
  });

  race('never makes a fourth level of two moves at the same moment, each of which alone keeps three', async () => {
    for (let round = 0; round < 5; round += 1) {
      // A > B and C > D: D under B makes A > B > D, B under D makes C > D > B; both together would make four.
      const a = await createCategory(unique('A'));
      const b = await createCategory(unique('B'), a._id);
      const c = await createCategory(unique('C'));
      const d = await createCategory(unique('D'), c._id);
      const moves = await Promise.all([asAdmin('PATCH', `/admin/categories/${d._id}`, { parentId: b._id }), asAdmin('PATCH', `/admin/categories/${b._id}`, { parentId: d._id })]);
      expect(moves.map((move) => move.statusCode).sort()).toEqual([200, 422]);
      const refused = moves.find((move) => move.statusCode === 422)!.json().message;
      expect([categoryMessages.fourthLevel, categoryMessages.movedUnderItself]).toContain(refused);
    }
  });

  race('either deletes a category or puts a tool in it when both happen at once, never a 500', async () => {
    for (let round = 0; round < 5; round += 1) {
      const category = await createCategory(unique('Contested'));
      const toolId = await addTool();
      const [deleted, moved] = await Promise.all([asAdmin('DELETE', `/admin/categories/${category._id}`), editTool(toolId, { categoryId: category._id })]);
      expect([deleted.statusCode, moved.statusCode].sort()).toEqual(deleted.statusCode === 200 ? [200, 422] : [200, 409]);
      if (deleted.statusCode === 409) expect(deleted.json().message).toBe(categoryMessages.hasTools(1));
      else expect(moved.json().message).toBe(categoryMessages.categoryNotFound);
    }
  });

  it('lets customers read the tree and search, and refuses them every admin route', async () => {
    const { impact, voltage } = await drivers();
    for (const [method, url] of [
      ['POST', '/api/admin/categories'],
      ['PATCH', `/api/admin/categories/${impact._id}`],
      ['DELETE', `/api/admin/categories/${impact._id}`],
      ['POST', `/api/admin/categories/${impact._id}/attributes`],
      ['PATCH', `/api/admin/categories/${impact._id}/attributes/${voltage._id}`],
      ['DELETE', `/api/admin/categories/${impact._id}/attributes/${voltage._id}`],
    ] as const) {
      const refused = await shop.app.inject({ method, url, headers: bearer(shop.customer), payload: { name: 'x' } });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await shop.app.inject({ method: 'GET', url: '/api/categories', headers: bearer(shop.customer) })).statusCode).toBe(200);
  });
});
