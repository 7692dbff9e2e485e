import { describe, expect, it } from 'vitest';
import { newTool } from '@voltline/test-kit/tools';
import { gtinMessages, gtinTakenMessage, skuTakenMessage } from '@voltline/shared/tool-codes';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, type TestUser } from '../test-support/test-users.ts';

/** Issue 40, item 8: a tool's SKU and EAN/GTIN, optional, unique when given, the GTIN's check digit verified. */
describe.each(testDatabaseKinds)('tool SKU and GTIN on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, user: TestUser | null, payload?: object) =>
    shop.app.inject({ method, url, headers: user ? bearer(user) : {}, payload });
  const add = async (overrides: object) => {
    const response = await call('POST', '/api/addTool', shop.admin, { ...newTool(), ...overrides });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().insertedId as string;
  };
  const edit = (id: string, update: object) =>
    call('PATCH', `/api/updateTool/${id}`, shop.admin, { availableQuantity: 50, minimumOrderQuantity: 1, price: 10, ...update });

  it('keeps both codes of a new tool and answers them on its GET; a spec tool without them has none', async () => {
    const id = await add({ sku: 'VL-ID18-BARE', gtin: '400-6381 333931' });
    expect((await call('GET', `/api/getTool/${id}`, null)).json()).toMatchObject({ sku: 'VL-ID18-BARE', gtin: '4006381333931' });
    const plain = await add({});
    expect((await call('GET', `/api/getTool/${plain}`, null)).json()).toMatchObject({ sku: null, gtin: null });
  });

  it('sets, keeps and takes away the codes in an edit', async () => {
    const id = await add({});
    expect((await edit(id, { sku: 'VL-SAW-7', gtin: '96385074' })).statusCode).toBe(200);
    expect((await call('GET', `/api/getTool/${id}`, null)).json()).toMatchObject({ sku: 'VL-SAW-7', gtin: '96385074' });
    // The spec's update (no codes named) leaves them as they are.
    expect((await edit(id, {})).statusCode).toBe(200);
    expect((await call('GET', `/api/getTool/${id}`, null)).json()).toMatchObject({ sku: 'VL-SAW-7', gtin: '96385074' });
    expect((await edit(id, { sku: '', gtin: null })).statusCode).toBe(200);
    expect((await call('GET', `/api/getTool/${id}`, null)).json()).toMatchObject({ sku: null, gtin: null });
  });

  it('refuses a SKU another tool has, whatever its case, in words, and writes nothing', async () => {
    await add({ sku: 'VL-GRINDER-125' });
    const before = await snapshotShop(shop.database.db);
    const response = await call('POST', '/api/addTool', shop.admin, newTool({ sku: 'vl-grinder-125' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'conflict', message: skuTakenMessage('vl-grinder-125') });
    expect(await snapshotShop(shop.database.db)).toEqual(before);
    const other = await add({});
    expect((await edit(other, { sku: 'VL-Grinder-125' })).json()).toEqual({ error: 'conflict', message: skuTakenMessage('VL-Grinder-125') });
  });

  it('refuses a GTIN another tool has, in words', async () => {
    await add({ gtin: '036000291452' });
    const response = await call('POST', '/api/addTool', shop.admin, newTool({ gtin: '036000291452' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'conflict', message: gtinTakenMessage('036000291452') });
    const other = await add({});
    expect((await edit(other, { gtin: '0-36000-29145-2' })).json().message).toBe(gtinTakenMessage('036000291452'));
  });

  it('refuses a GTIN whose check digit is wrong, naming the digit and its rule, and writes nothing', async () => {
    const before = await snapshotShop(shop.database.db);
    const response = await call('POST', '/api/addTool', shop.admin, newTool({ gtin: '4006381333932' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(gtinMessages.checkDigit('4006381333932', 1));
    const wrongLength = await call('POST', '/api/addTool', shop.admin, newTool({ gtin: '12345' }));
    expect(wrongLength.json().message).toContain(gtinMessages.notDigits);
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  it('still refuses a taken name as a name, with codes of its own', async () => {
    const name = `Taken ${Date.now()}`;
    await add({ toolName: name, sku: 'VL-TAKEN-1' });
    const response = await call('POST', '/api/addTool', shop.admin, newTool({ toolName: name, sku: 'VL-TAKEN-2' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/already exists/);
  });
});
