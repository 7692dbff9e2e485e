import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_KEY_PREFIX } from '@voltline/shared/api-keys';
import { API_SCOPES, scopesOpen, type ApiScope } from '@voltline/shared/staff-roles';
import { newTool } from '@voltline/test-kit/tools';
import { apiKeys } from '../db/schema.ts';
import type { TestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { AUTHORIZATION_MATRIX } from '../test-support/route-catalogue.ts';
import { placePaidOrder } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser } from '../test-support/test-users.ts';

/** The limit of the second instance: low enough to pass in a test, per instance without Redis. */
const SECOND_INSTANCE_KEY_CALLS_PER_MINUTE = 5;
const NOT_FOR_KEYS = 'An API key cannot do this: sign in as a person.';
const REVOKED = 'This API key is not valid, or it was revoked.';

// Decision 066: keys for an ERP or an accounting tool. Two instances on one database, as behind a
// balancer: a key revoked on one is refused on the other at once.
describe.each(testDatabaseKinds)('API keys on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true, tool: true });
  const second = useTestShop(kind, () => ({ sameDatabaseAs: shop, environment: { API_KEY_REQUESTS_PER_MINUTE: String(SECOND_INSTANCE_KEY_CALLS_PER_MINUTE) } }));

  async function newKey(scopes: ApiScope[], name = 'ERP'): Promise<{ id: string; key: string }> {
    const created = await shop.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: bearer(shop.admin), payload: { name, scopes } });
    expect(created.statusCode, created.body).toBe(200);
    return { id: created.json()._id, key: created.json().key };
  }
  const withKey = (key: string) => ({ authorization: `Bearer ${key}` });
  const call = (on: TestShop, key: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    on.app.inject({ method, url, headers: withKey(key), ...(payload && { payload }) });
  const listed = async () => (await shop.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: bearer(shop.admin) })).json() as Record<string, unknown>[];

  it('shows a key once, keeps only its SHA-256, and lists its name, scopes and times', async () => {
    const created = await shop.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: bearer(shop.admin), payload: { name: '  Accounting  ', scopes: ['invoices:read', 'orders:read'] } });
    expect(created.statusCode).toBe(200);
    const { key, ...answer } = created.json();
    expect(key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(answer).toMatchObject({ name: 'Accounting', scopes: ['invoices:read', 'orders:read'], lastUsedAt: null, revokedAt: null });
    const [row] = await shop.database.db.select().from(apiKeys).where(eq(apiKeys.id, answer._id));
    expect(row!.keyHash).toBe(createHash('sha256').update(key).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(key.slice(API_KEY_PREFIX.length));
    const entry = (await listed()).find((listedKey) => listedKey._id === answer._id);
    expect(entry).toEqual(answer);
    expect(Object.keys(entry!)).not.toContain('key');
  });

  it('refuses a key without a name or with a scope the shop does not have, in words', async () => {
    const create = (payload: object) => shop.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: bearer(shop.admin), payload });
    const unnamed = await create({ name: ' ', scopes: ['orders:read'] });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toContain('Name the key');
    const unknown = await create({ name: 'ERP', scopes: ['team'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('A scope is one of orders:read, orders:write, catalogue:write, stock:write, invoices:read');
    const none = await create({ name: 'ERP', scopes: [] });
    expect(none.json().message).toContain('Pick at least one scope');
  });

  it('lets orders:read read the back office orders and the CSV, and refuses the rest in words', async () => {
    const orderId = await placePaidOrder(shop, shop.customer, shop.tool);
    const { key } = await newKey(['orders:read']);
    expect((await call(shop, key, 'GET', '/api/adminPurchased?limit=2')).statusCode).toBe(200);
    const csv = await call(shop, key, 'GET', '/api/adminPurchased/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('orderNumber');
    const order = await call(shop, key, 'GET', `/api/purchasedSingle/${orderId}`);
    expect(order.statusCode).toBe(200);
    expect(order.json()._id).toBe(orderId);
    const ship = await call(shop, key, 'PATCH', `/api/deliverConfirm/${orderId}`, { delivery: 'shipped' });
    expect(ship.statusCode).toBe(403);
    expect(ship.json()).toEqual({ error: 'forbidden', message: 'This API key needs the orders:write scope to do this.' });
    const invoice = await call(shop, key, 'GET', `/api/purchasedSingle/${orderId}/invoice.pdf`);
    expect(invoice.json().message).toBe('This API key needs the invoices:read scope to do this.');
  });

  it('lets orders:write ship an order as fulfilment staff do', async () => {
    const orderId = await placePaidOrder(shop, shop.customer, shop.tool);
    const { key } = await newKey(['orders:write']);
    const shipped = await call(shop, key, 'PATCH', `/api/deliverConfirm/${orderId}`, { delivery: 'shipped' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await call(shop, key, 'GET', '/api/adminPurchased')).json().message).toBe('This API key needs the orders:read scope to do this.');
    // Cancelling an order and refunds are not fulfilment's: no scope opens them.
    expect((await call(shop, key, 'POST', `/api/adminPurchased/${orderId}/refund`, { amount: 1, reason: 'ERP' })).json().message).toBe(NOT_FOR_KEYS);
  });

  it('lets catalogue:write add and change tools and categories, and stock:write record stock, each alone', async () => {
    const catalogue = await newKey(['catalogue:write']);
    const added = await call(shop, catalogue.key, 'POST', '/api/addTool', newTool({ availableQuantity: 3 }));
    expect(added.statusCode, added.body).toBe(200);
    const toolId = added.json().insertedId as string;
    expect((await call(shop, catalogue.key, 'PATCH', `/api/updateTool/${toolId}`, { availableQuantity: 3, minimumOrderQuantity: 1, price: 21 })).statusCode).toBe(200);
    expect((await call(shop, catalogue.key, 'POST', '/api/admin/categories', { name: `ERP ${toolId.slice(0, 8)}` })).statusCode).toBe(200);
    const move = { kind: 'received', units: 5, note: 'ERP batch' };
    const refusedMove = await call(shop, catalogue.key, 'POST', `/api/admin/tools/${toolId}/stock-moves`, move);
    expect(refusedMove.statusCode).toBe(403);
    expect(refusedMove.json().message).toBe('This API key needs the stock:write scope to do this.');

    const stock = await newKey(['stock:write']);
    const moved = await call(shop, stock.key, 'POST', `/api/admin/tools/${toolId}/stock-moves`, move);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(shop, stock.key, 'PATCH', `/api/updateTool/${toolId}`, { availableQuantity: 8, minimumOrderQuantity: 1, price: 22 })).json().message).toBe('This API key needs the catalogue:write scope to do this.');
  });

  it('lets invoices:read download invoices and credit notes, and nothing of the accounts beyond', async () => {
    const orderId = await placePaidOrder(shop, shop.customer, shop.tool);
    await shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${orderId}/refund`, headers: bearer(shop.admin), payload: { amount: 1, reason: 'ERP test' } });
    const { key } = await newKey(['invoices:read']);
    const invoice = await call(shop, key, 'GET', `/api/purchasedSingle/${orderId}/invoice.pdf`);
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect((await call(shop, key, 'GET', `/api/purchasedSingle/${orderId}/credit-note.pdf`)).statusCode).toBe(200);
    expect((await call(shop, key, 'GET', '/api/admin/vat-report?month=2026-11')).json()).toEqual({ error: 'forbidden', message: NOT_FOR_KEYS });
  });

  it('never does more than its creator may now: a demoted admin\'s key keeps only what their new role allows', async () => {
    const creator = await registerUser(shop, { role: 'admin' });
    const created = await shop.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: bearer(creator), payload: { name: 'Warehouse ERP', scopes: ['orders:write', 'catalogue:write'] } });
    expect(created.statusCode, created.body).toBe(200);
    const { key } = created.json() as { key: string };
    const orderId = await placePaidOrder(shop, shop.customer, shop.tool);
    const addTool = () => call(shop, key, 'POST', '/api/addTool', newTool({ availableQuantity: 2 }));
    expect((await addTool()).statusCode).toBe(200);

    // The first admin makes the key's creator fulfilment staff only.
    const demoted = await shop.app.inject({ method: 'PUT', url: `/api/profile/${creator.profileId}/roles`, headers: bearer(shop.admin), payload: { roles: ['fulfilment'] } });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // On this instance and on the other at once: the role change makes both forget the key's caller.
    for (const on of [shop, second]) {
      const refused = await call(on, key, 'POST', '/api/addTool', newTool({ availableQuantity: 2 }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'forbidden', message: 'The person this API key acts for may no longer do this: an admin can create a new key.' });
    }
    const shipped = await call(shop, key, 'PATCH', `/api/deliverConfirm/${orderId}`, { delivery: 'shipped' });
    expect(shipped.statusCode, shipped.body).toBe(200);

    // Made a customer, they lend the key nothing.
    await shop.app.inject({ method: 'PUT', url: `/api/profile/${creator.profileId}/roles`, headers: bearer(shop.admin), payload: { roles: [] } });
    expect((await call(shop, key, 'GET', `/api/purchasedSingle/${orderId}`)).statusCode).toBe(403);
  });

  it("never acts as its creator's person, makes keys or touches the team", async () => {
    const { key } = await newKey([...API_SCOPES]);
    const refusals = [
      await call(shop, key, 'POST', '/api/admin/api-keys', { name: 'Another', scopes: ['orders:read'] }),
      await call(shop, key, 'GET', '/api/admin/api-keys'),
      await call(shop, key, 'PUT', `/api/profile/${shop.customer.profileId}/roles`, { roles: ['fulfilment'] }),
      await call(shop, key, 'GET', '/api/allUsers'),
      await call(shop, key, 'GET', '/api/purchased'),
      await call(shop, key, 'GET', '/api/me/export'),
      await call(shop, key, 'POST', '/api/purchased', { toolId: shop.tool._id, quantity: shop.tool.minimumOrderQuantity, phone: '5550100', address: 'Somewhere 1' }),
    ];
    for (const refusal of refusals) expect(refusal.json()).toEqual({ error: 'forbidden', message: NOT_FOR_KEYS });
  });

  // Every guarded route of the catalogue, called by a key holding every scope: its guard lets the key
  // in exactly where a scope opens the route's permission (ids that exist nowhere: nothing changes).
  const guardedRows = AUTHORIZATION_MATRIX.filter((row) => !row.allowed.includes('anonymous') && !row.cookie);
  it(`opens to a key of every scope only the routes a scope opens (${guardedRows.length} routes)`, async () => {
    const { key } = await newKey([...API_SCOPES]);
    const wrong: string[] = [];
    for (const row of guardedRows) {
      const opened = row.permission ? scopesOpen(API_SCOPES, row.permission) : row.keyPermission !== undefined;
      const url = row.route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const response = await shop.app.inject({ method: row.method, url, headers: withKey(key), ...(row.method === 'GET' || row.method === 'DELETE' ? {} : { payload: {} }) });
      const refusedAsKey = response.statusCode === 403 && /API key/.test(response.json().message);
      if (opened === refusedAsKey || response.statusCode === 401) wrong.push(`${row.method} ${row.route}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('is refused at once on every instance once revoked, and stays listed as revoked', async () => {
    const { id, key } = await newKey(['orders:read']);
    // Each instance has answered it, twice: whatever they remember, they remember it now.
    for (const on of [second, shop, second, shop]) expect((await call(on, key, 'GET', '/api/adminPurchased?limit=1')).statusCode).toBe(200);
    const revoked = await shop.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${id}`, headers: bearer(shop.admin) });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    for (const on of [second, shop]) {
      const refused = await call(on, key, 'GET', '/api/adminPurchased?limit=1');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ error: 'unauthorized', message: REVOKED });
    }
    expect((await listed()).find((entry) => entry._id === id)).toMatchObject({ revokedAt: revoked.json().revokedAt });
    // Revoking again keeps the first time.
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${id}`, headers: bearer(shop.admin) })).json().revokedAt).toBe(revoked.json().revokedAt);
  });

  it('is refused on the other instance at once when revoked straight in the database', async () => {
    const { id, key } = await newKey(['orders:read']);
    for (const on of [second, second]) expect((await call(on, key, 'GET', '/api/adminPurchased?limit=1')).statusCode).toBe(200);
    await shop.database.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id));
    expect((await call(second, key, 'GET', '/api/adminPurchased?limit=1')).json().message).toBe(REVOKED);
  });

  it('refuses a key that was never issued in words', async () => {
    const forged = await call(shop, `${API_KEY_PREFIX}${'A'.repeat(43)}`, 'GET', '/api/adminPurchased');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(REVOKED);
  });

  it('records its last use at most once a minute, not on every call', async () => {
    const { id, key } = await newKey(['orders:read']);
    const lastUsed = async () => (await shop.database.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]!.at;
    expect(await lastUsed()).toBeNull();
    expect((await call(shop, key, 'GET', '/api/adminPurchased?limit=1')).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    for (const on of [shop, second, shop]) await call(on, key, 'GET', '/api/adminPurchased?limit=1');
    expect(await lastUsed()).toEqual(first);
    expect((await listed()).find((entry) => entry._id === id)!.lastUsedAt).toBe(first!.toISOString());
    // A minute later the next call is recorded.
    const aMinuteOn = new Date(first!.getTime() + 61_000);
    await shop.core.apiKeys.noteUse(id, aMinuteOn);
    expect(await lastUsed()).toEqual(aMinuteOn);
  });

  it('is limited per key, with Retry-After and the wait in words', async () => {
    const limited = await newKey(['orders:read']);
    const other = await newKey(['orders:read']);
    for (let index = 0; index < SECOND_INSTANCE_KEY_CALLS_PER_MINUTE; index += 1) {
      expect((await call(second, limited.key, 'GET', '/api/adminPurchased?limit=1')).statusCode).toBe(200);
    }
    const refused = await call(second, limited.key, 'GET', '/api/adminPurchased?limit=1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(new RegExp(`^This API key has made more than ${SECOND_INSTANCE_KEY_CALLS_PER_MINUTE} calls this minute\\. Try again in \\d+ seconds?\\.$`));
    // Another key, and the admin who made them, are not held back.
    expect((await call(second, other.key, 'GET', '/api/adminPurchased?limit=1')).statusCode).toBe(200);
    expect((await second.app.inject({ method: 'GET', url: '/api/adminPurchased?limit=1', headers: bearer(shop.admin) })).statusCode).toBe(200);
  });
});
