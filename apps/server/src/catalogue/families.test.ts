import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ToolDetail } from '@voltline/shared/categories';
import { ACCESSORIES_ON_PAGE, familyChoicesOf, familyMessages, type FittingTool, type ToolFamily } from '@voltline/shared/families';
import { newTool } from '@voltline/test-kit/tools';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { itRaces, RACE_TRIALS, testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer } from '../test-support/test-users.ts';
import { walkPages } from '../test-support/walk-pages.ts';

const unique = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;

/** Issue 40, items 3 and 7: tool families with named options, and what fits what. */
describe.each(testDatabaseKinds)('tool families and accessories on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  const race = itRaces(kind);

  const asAdmin = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    shop.app.inject({ method, url: `/api${url}`, headers: bearer(shop.admin), ...(payload && { payload }) });
  async function addTool(overrides: Partial<ReturnType<typeof newTool>> = {}): Promise<string> {
    const added = await asAdmin('POST', '/addTool', newTool({ toolName: unique('Impact driver'), ...overrides }));
    expect(added.statusCode, added.body).toBe(200);
    return added.json().insertedId;
  }
  async function createFamily(options = ['Voltage', 'Kit']): Promise<string> {
    const created = await asAdmin('POST', '/admin/families', { name: unique('Impact driver DTD'), options });
    expect(created.statusCode, created.body).toBe(200);
    return created.json()._id;
  }
  const place = (familyId: string, toolId: string, values: string[]) => asAdmin('PUT', `/admin/families/${familyId}/tools/${toolId}`, { values });
  const toolPage = async (toolId: string): Promise<ToolDetail> => (await shop.app.inject({ method: 'GET', url: `/api/getTool/${toolId}` })).json();

  /** An 18 V driver bare (out of stock) and as a kit, and a 12 V bare one. */
  async function drivers() {
    const familyId = await createFamily();
    const bare18 = await addTool({ price: 129, availableQuantity: 0 });
    const kit18 = await addTool({ price: 249 });
    const bare12 = await addTool({ price: 99 });
    for (const [toolId, values] of [[bare18, ['18 V', 'bare']], [kit18, ['18 V', 'with 2 batteries']], [bare12, ['12 V', 'bare']]] as const)
      expect((await place(familyId, toolId, [...values])).statusCode).toBe(200);
    return { familyId, bare18, kit18, bare12 };
  }

  it('shows a member’s family on its page: every member with its values, price and stock, the selector leading to siblings', async () => {
    const { familyId, bare18, kit18, bare12 } = await drivers();
    const page = await toolPage(kit18);
    expect(page.family).toMatchObject({ _id: familyId, options: ['Voltage', 'Kit'] });
    expect(page.family!.members).toHaveLength(3);
    expect(page.family!.members.find((member) => member.toolId === bare18)).toMatchObject({ values: ['18 V', 'bare'], price: 129, outOfStock: true });
    // Each tool stays what is bought: its own price and stock.
    expect(page).toMatchObject({ price: 249, availableQuantity: 50 });

    const [voltage, kit] = familyChoicesOf(page.family!, kit18);
    // From the 18 V kit: "bare" keeps 18 V (the out-of-stock bare one, marked); "12 V" has no kit, so it goes to the 12 V bare.
    expect(kit!.choices).toEqual([
      { value: 'bare', toolId: bare18, current: false, outOfStock: true },
      { value: 'with 2 batteries', toolId: kit18, current: true, outOfStock: false },
    ]);
    expect(voltage!.choices.find((choice) => choice.value === '12 V')).toMatchObject({ toolId: bare12, current: false });
    // A tool of no family has none.
    expect((await toolPage(await addTool())).family).toBeNull();
  });

  it('refuses in words: a tool in a second family, two tools with the same values, a value missing, the options’ number changed', async () => {
    const { familyId, bare18, kit18 } = await drivers();
    const before = await snapshotShop(shop.database.db);
    const other = await createFamily(['Voltage']);
    const second = await place(other, bare18, ['18 V']);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^This tool is already in the family "Impact driver DTD [0-9a-f]+": take it out of that family first\.$/);
    // The same values as another member, whatever their case and spacing.
    const twin = await place(familyId, await addTool(), ['18 v', 'With  2 batteries']);
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ error: 'conflict', message: familyMessages.valuesTaken((await toolPage(kit18)).toolName, ['18 V', 'with 2 batteries']) });
    const short = await place(familyId, await addTool(), ['18 V']);
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe(familyMessages.valueCount(['Voltage', 'Kit']));
    const renamed = await asAdmin('PATCH', `/admin/families/${familyId}`, { options: ['Voltage'] });
    expect(renamed.json()).toEqual({ error: 'invalid_data', message: familyMessages.optionCountChanged(2) });
    const after = await snapshotShop(shop.database.db);
    expect(after.toolFamilyMembers).toEqual(before.toolFamilyMembers);
    // A member's own values may change; a renamed option keeps the values.
    expect((await place(familyId, kit18, ['18 V', 'with 4 batteries'])).statusCode).toBe(200);
    expect((await asAdmin('PATCH', `/admin/families/${familyId}`, { options: ['Voltage', 'Set'] })).statusCode).toBe(200);
    expect((await toolPage(kit18)).family).toMatchObject({ options: ['Voltage', 'Set'], members: expect.arrayContaining([expect.objectContaining({ toolId: kit18, values: ['18 V', 'with 4 batteries'] })]) });
  });

  it('takes a tool out, and deletes a family leaving its tools in the catalogue', async () => {
    const { familyId, bare18, kit18 } = await drivers();
    expect((await asAdmin('DELETE', `/admin/families/${familyId}/tools/${bare18}`)).statusCode).toBe(200);
    expect((await toolPage(bare18)).family).toBeNull();
    expect((await asAdmin('DELETE', `/admin/families/${familyId}/tools/${bare18}`)).json().message).toBe(familyMessages.notAMember);
    expect((await asAdmin('DELETE', `/admin/families/${familyId}`)).statusCode).toBe(200);
    const page = await toolPage(kit18);
    expect(page).toMatchObject({ _id: kit18, family: null });
    expect((await asAdmin('DELETE', `/admin/families/${familyId}`)).statusCode).toBe(404);
  });

  it('lists the families a page at a time, by name', async () => {
    await drivers();
    const families = await walkPages<ToolFamily>(shop.app, '/api/admin/families?limit=1', bearer(shop.admin));
    const names = families.map((family) => family.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(new Set(families.map((family) => family._id)).size).toBe(families.length);
  });

  race('places a tool in two families at the same moment: it ends in one, the other hears why', async () => {
    for (let trial = 0; trial < RACE_TRIALS / 10; trial++) {
      const [first, second, toolId] = [await createFamily(['Voltage']), await createFamily(['Voltage']), await addTool()];
      const answers = await Promise.all([place(first, toolId, ['18 V']), place(second, toolId, ['18 V'])]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toMatch(/^This tool is already in (another family|the family ".+")/);
      expect((await toolPage(toolId)).family!.members).toEqual([expect.objectContaining({ toolId, values: ['18 V'] })]);
    }
  });

  it('links accessories both ways, bounded on the tool page and paged by the API, with their kinds', async () => {
    const driver = await addTool();
    const accessories = [];
    for (let index = 0; index < ACCESSORIES_ON_PAGE + 2; index++) accessories.push(await addTool({ toolName: unique(`Battery ${index}`) }));
    for (const accessory of accessories) expect((await asAdmin('PUT', `/admin/tools/${driver}/accessories/${accessory}`, { kind: 'battery' })).statusCode).toBe(200);
    const charger = await addTool({ toolName: unique('Charger') });
    expect((await asAdmin('PUT', `/admin/tools/${driver}/accessories/${charger}`, { kind: 'other' })).statusCode).toBe(200);
    // Sent again, the kind changes.
    expect((await asAdmin('PUT', `/admin/tools/${driver}/accessories/${charger}`, { kind: 'charger' })).statusCode).toBe(200);

    const page = await toolPage(driver);
    expect(page.accessories.items).toHaveLength(ACCESSORIES_ON_PAGE);
    expect(page.accessories.more).toBe(true);
    const all = await walkPages<FittingTool>(shop.app, `/api/tools/${driver}/accessories?limit=2`);
    expect(all).toHaveLength(accessories.length + 1);
    expect(all.find((each) => each.tool._id === charger)?.kind).toBe('charger');
    expect(all.map((each) => each.tool.toolName.toLowerCase())).toEqual(all.map((each) => each.tool.toolName.toLowerCase()).sort());

    // The battery's page lists the tool it fits.
    const battery = await toolPage(accessories[0]!);
    expect(battery.fits).toEqual({ items: [{ kind: 'battery', tool: expect.objectContaining({ _id: driver }) }], more: false });
    expect((await walkPages<FittingTool>(shop.app, `/api/tools/${accessories[0]}/fits?limit=5`)).map((each) => each.tool._id)).toEqual([driver]);

    expect((await asAdmin('DELETE', `/admin/tools/${driver}/accessories/${charger}`)).statusCode).toBe(200);
    expect((await toolPage(charger)).fits.items).toEqual([]);
    expect((await asAdmin('DELETE', `/admin/tools/${driver}/accessories/${charger}`)).json().message).toBe(familyMessages.notLinked);
  });

  it('refuses an accessory of itself, an unknown tool and an unknown kind, in words, changing nothing', async () => {
    const driver = await addTool();
    const before = await snapshotShop(shop.database.db);
    const itself = await asAdmin('PUT', `/admin/tools/${driver}/accessories/${driver}`, { kind: 'blade' });
    expect(itself.json()).toEqual({ error: 'invalid_data', message: familyMessages.accessoryOfItself });
    const unknown = await asAdmin('PUT', `/admin/tools/${driver}/accessories/00000000-0000-4000-8000-000000000000`, { kind: 'blade' });
    expect(unknown.json()).toEqual({ error: 'not_found', message: familyMessages.accessoryNotFound });
    const badKind = await asAdmin('PUT', `/admin/tools/${driver}/accessories/${await addTool()}`, { kind: 'sandwich' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toContain('Kind must be one of battery, charger, blade, spare-part, other');
    expect((await snapshotShop(shop.database.db)).toolAccessories).toEqual(before.toolAccessories);
  });

  it('refuses customers every admin route of families and accessories', async () => {
    const { familyId, kit18 } = await drivers();
    for (const [method, url] of [
      ['GET', '/api/admin/families'],
      ['POST', '/api/admin/families'],
      ['PATCH', `/api/admin/families/${familyId}`],
      ['DELETE', `/api/admin/families/${familyId}`],
      ['PUT', `/api/admin/families/${familyId}/tools/${kit18}`],
      ['DELETE', `/api/admin/families/${familyId}/tools/${kit18}`],
      ['PUT', `/api/admin/tools/${kit18}/accessories/${kit18}`],
      ['DELETE', `/api/admin/tools/${kit18}/accessories/${kit18}`],
    ] as const) {
      const refused = await shop.app.inject({ method, url, headers: bearer(shop.customer), ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { name: 'x' } }) });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
