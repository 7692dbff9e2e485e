import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AUDIT_SECRET_CHANGED, type AuditEntry, type AuditKind } from '@voltline/shared/audit';
import { nextCursorFromLink } from '@voltline/shared/link-header';
import { VAT_ID_EXAMPLES } from '@voltline/shared/vat-id-examples';
import { businessApplication } from '../test-support/business-applications.ts';
import { multipartImage } from '../test-support/route-catalogue.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { freshTool, paidOrderOf } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/** Where these tests' staff call from: the address the server decides (no proxy trusted), so the client's own. */
const STAFF_ADDRESS = '203.0.113.7';
/** Receivers must be on the public internet (webhook-target.ts); nothing is sent in these tests. */
const PUBLIC_RECEIVER_URL = 'https://93.184.215.14/audit-hooks';
const NOTICE_SECRET = 'n'.repeat(40);

let counter = 0;
const unique = (prefix: string) => `${prefix}${process.pid}${++counter}`;

/** Issue 41, item 5: the audit log (decision 065). */
describe.each(testDatabaseKinds)('the audit log on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const answer = await shop.app.inject({ method, url: `/api${url}`, headers: bearer(user), remoteAddress: STAFF_ADDRESS, ...(payload && { payload }) });
    expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(200);
    return answer.json();
  };
  const readLog = (query: string, user: TestUser = shop.admin) => shop.app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers: bearer(user) });
  /** The log's rows about `subject` (newest first), as an admin reads them. */
  async function rowsAbout(subject: string, kindOf?: AuditKind): Promise<AuditEntry[]> {
    const answer = await readLog(`limit=100${kindOf ? `&kind=${kindOf}` : ''}&actor=${encodeURIComponent(shop.admin.email)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as AuditEntry[]).filter((entry) => entry.subject === subject);
  }

  it("records a tool's creation, change and deletion with who, when, the client address and only the fields that changed", async () => {
    const toolName = unique('Audited drill ');
    const { insertedId } = await call(shop.admin, 'POST', '/addTool', { toolName, description: 'A drill.', img: '/images/tools/jigsaw.svg', price: 40, minimumOrderQuantity: 1, availableQuantity: 5 });
    await call(shop.admin, 'PATCH', `/updateTool/${insertedId}`, { availableQuantity: 5, minimumOrderQuantity: 1, price: 45 });
    await call(shop.admin, 'DELETE', `/deleteTool/${insertedId}`);

    const [deleted, changed, created] = await rowsAbout(insertedId, 'tool');
    expect(created).toMatchObject({ action: 'created', actorKind: 'staff', actorEmail: shop.admin.email, clientAddress: STAFF_ADDRESS, before: null });
    expect(created!.after).toMatchObject({ toolName, price: 40, availableQuantity: 5 });
    // Only the price changed: nothing else is recorded.
    expect(changed).toMatchObject({ action: 'changed', before: { price: 40 }, after: { price: 45 } });
    expect(deleted).toMatchObject({ action: 'deleted', after: null, before: { toolName, priceCents: 4500 } });
    expect(Date.now() - new Date(created!.at).getTime()).toBeLessThan(60_000);
    expect(created!.actorUserId).toEqual(expect.any(String));
  });

  it('records every kind of change the issue lists, secrets only as changed, customers only by their ids', async () => {
    const admin = shop.admin;
    // Tool fields and prices: a warranty, a customer group's price set and removed.
    const tool = await freshTool(shop, 10, 1, 30);
    await call(admin, 'PATCH', `/admin/tools/${tool._id}/warranty`, { serialised: false, warrantyMonths: 36 });
    expect(await rowsAbout(tool._id, 'tool')).toMatchObject([{ action: 'warranty changed', before: { warrantyMonths: null }, after: { warrantyMonths: 36 } }]);
    await call(admin, 'PUT', `/admin/customer-groups/trade/prices/${tool._id}`, { percentOff: 10, tiers: [] });
    await call(admin, 'DELETE', `/admin/customer-groups/trade/prices/${tool._id}`);
    expect((await rowsAbout(tool._id, 'price')).map((entry) => [entry.action, entry.before?.percentOff ?? null, entry.after?.percentOff ?? null])).toEqual([
      ['removed', 10, null],
      ['set', null, 10],
    ]);

    // Stock: a manual movement.
    await call(admin, 'POST', `/admin/tools/${tool._id}/stock-moves`, { kind: 'received', units: 4 });
    expect(await rowsAbout(tool._id, 'stock')).toMatchObject([{ action: 'received', before: { availableQuantity: 10 }, after: { availableQuantity: 14, units: 4 } }]);

    // Categories and their specifications.
    const category = await call(admin, 'POST', '/admin/categories', { name: unique('Audited tools ') });
    await call(admin, 'PATCH', `/admin/categories/${category._id}`, { name: unique('Renamed tools ') });
    const attribute = await call(admin, 'POST', `/admin/categories/${category._id}/attributes`, { name: 'Torque', kind: 'number', unit: 'Nm' });
    await call(admin, 'DELETE', `/admin/categories/${category._id}/attributes/${attribute._id}`);
    await call(admin, 'DELETE', `/admin/categories/${category._id}`);
    expect((await rowsAbout(category._id, 'category')).map((entry) => entry.action)).toEqual(['deleted', 'changed', 'created']);
    expect((await rowsAbout(attribute._id, 'category')).map((entry) => entry.action)).toEqual(['specification deleted', 'specification added']);

    // Coupons.
    const coupon = await call(admin, 'POST', '/admin/coupons', { code: unique('AUDIT'), percentOff: 10 });
    await call(admin, 'PATCH', `/admin/coupons/${coupon._id}`, { disabled: true });
    expect(await rowsAbout(coupon._id, 'coupon')).toMatchObject([{ action: 'changed', before: { disabled: false }, after: { disabled: true } }, { action: 'created' }]);

    // Delivery rates (a field per country) and the promotion; the tax settings.
    const rates = await call(admin, 'GET', '/admin/delivery-rates');
    await call(admin, 'PUT', '/admin/delivery-rates', { rates: [...rates.rates.filter((rate: { country: string }) => rate.country !== 'AT'), { country: 'AT', charge: 7.5, freeFrom: null }] });
    await call(admin, 'PUT', '/admin/delivery-promotion', { percentOff: 25, active: false });
    const tax = await call(admin, 'GET', '/admin/tax-settings');
    await call(admin, 'PUT', '/admin/tax-settings', { ...tax, vatNote: unique('No VAT here ') });
    const settings = ((await readLog('limit=100&kind=delivery')).json() as AuditEntry[]).slice(0, 2);
    expect(settings.map((entry) => entry.action)).toEqual(['promotion changed', 'rates changed']);
    expect(settings[1]!.after).toMatchObject({ AT: { charge: 7.5, freeFrom: null } });
    expect(((await readLog('limit=1&kind=settings')).json() as AuditEntry[])[0]).toMatchObject({ action: 'tax settings changed', before: { vatNote: tax.vatNote } });

    // Settings holding secrets: a carrier's notice secret and a webhook's signing secret, never their values.
    const carrierName = unique('Audit Post ');
    const carrier = await call(admin, 'PUT', '/admin/carriers', { name: carrierName, trackingUrlTemplate: 'https://track.example/{tracking}', noticeSecret: NOTICE_SECRET });
    await call(admin, 'PUT', '/admin/carriers', { name: carrierName, trackingUrlTemplate: 'https://track.example/t/{tracking}', noticeSecret: 'm'.repeat(40) });
    const [carrierChanged, carrierAdded] = await rowsAbout(carrier._id, 'settings');
    expect(carrierAdded).toMatchObject({ action: 'carrier added', after: { noticeSecret: AUDIT_SECRET_CHANGED } });
    expect(carrierChanged).toMatchObject({ action: 'carrier changed', before: { noticeSecret: AUDIT_SECRET_CHANGED }, after: { trackingUrlTemplate: 'https://track.example/t/{tracking}', noticeSecret: AUDIT_SECRET_CHANGED } });
    const endpoint = await call(admin, 'POST', '/webhook-endpoints', { url: PUBLIC_RECEIVER_URL, events: ['order.paid'] });
    await call(admin, 'DELETE', `/webhook-endpoints/${endpoint._id}`);
    const webhookRows = await rowsAbout(endpoint._id, 'webhook');
    expect(webhookRows.map((entry) => entry.action)).toEqual(['deleted', 'created']);
    expect(webhookRows[1]!.after).toMatchObject({ url: PUBLIC_RECEIVER_URL, secret: AUDIT_SECRET_CHANGED });
    const everything = JSON.stringify((await readLog('limit=100')).json());
    expect(everything).not.toContain(endpoint.secret);
    expect(everything).not.toContain(NOTICE_SECRET);

    // Roles: by the profile's id, the roles before and after.
    const clerk = await registerUser(shop);
    await call(admin, 'PUT', `/profile/${clerk.profileId}/roles`, { roles: ['catalogue', 'support'] });
    expect(await rowsAbout(clerk.profileId, 'role')).toMatchObject([{ action: 'roles changed', before: { roles: [] }, after: { roles: ['catalogue', 'support'] } }]);

    // Refunds and returns: by the order's and the return's ids.
    const buyer = await registerUser(shop);
    const refunded = await paidOrderOf(shop, buyer, [{ tool, quantity: 2 }]);
    await call(admin, 'POST', `/adminPurchased/${refunded}/refund`, { amount: 10, reason: 'A scratch on the case' });
    const [refund] = await rowsAbout(refunded, 'refund');
    expect(refund).toMatchObject({ action: 'refunded in part', before: { refunded: 0 }, after: { refunded: 10, amount: 10 } });
    expect(JSON.stringify(refund)).not.toContain('scratch');

    await call(admin, 'PUT', '/admin/carriers', { name: 'Audit Return Post', trackingUrlTemplate: 'https://track.example/{tracking}' });
    const returned = await paidOrderOf(shop, buyer, [{ tool, quantity: 1 }]);
    await call(admin, 'POST', `/adminPurchased/${returned}/shipments`, { lines: [{ toolId: tool._id, quantity: 1 }], carrier: 'Audit Return Post', trackingNumber: 'AU1' });
    const ret = await call(buyer, 'POST', `/purchasedSingle/${returned}/returns`, { lines: [{ toolId: tool._id, quantity: 1 }], reason: 'withdrawal', comment: `From ${buyer.name}` });
    await call(admin, 'POST', `/admin/returns/${ret._id}/authorise`, {});
    await call(admin, 'POST', `/admin/returns/${ret._id}/receive`, { lines: [{ toolId: tool._id, quantity: 1, restock: true }] });
    await call(admin, 'POST', `/admin/returns/${ret._id}/refund`, {});
    const returnRows = await rowsAbout(ret._id, 'return');
    expect(returnRows.map((entry) => [entry.before?.status, entry.after?.status])).toEqual([
      ['received', 'refunded'],
      ['authorised', 'received'],
      ['requested', 'authorised'],
    ]);
    expect(returnRows[1]!.after).toMatchObject({ orderId: returned, received: { [tool._id]: { units: 1, restocked: true } } });
    expect((await rowsAbout(returned, 'refund')).map((entry) => entry.action)).toEqual(['refunded in full']);

    // Trade accounts: the state and terms, not the company, VAT id or address.
    const trader = await registerUser(shop);
    const account = await call(trader, 'POST', '/business-account', businessApplication({ companyName: unique('Audit Électricité SARL ') }));

    await call(admin, 'POST', `/admin/business-accounts/${account._id}/approve`, {});
    await call(admin, 'PUT', `/admin/business-accounts/${account._id}/payment-terms`, { netDays: 14, creditLimit: 500 });
    await call(admin, 'POST', `/admin/business-accounts/${account._id}/confirm-vat-id`, { reason: 'Paper certificate seen' });
    const tradeRows = await rowsAbout(account._id, 'trade_account');
    expect(tradeRows.map((entry) => entry.action)).toEqual(['VAT id confirmed', 'payment terms set', 'approved']);
    expect(tradeRows[1]).toMatchObject({ before: { netDays: 30, creditLimit: 0 }, after: { netDays: 14, creditLimit: 500 } });
    expect(JSON.stringify(tradeRows)).not.toMatch(/Ampère|Paper certificate/);
    expect(JSON.stringify(tradeRows)).not.toContain(VAT_ID_EXAMPLES.FR);

    // An erasure for a request by mail: by the erasure's id alone.
    const leaving = await registerUser(shop);
    await call(admin, 'POST', `/admin/users/${leaving.profileId}/erase`, { request: 'Mail of 28 Nov, ticket 65', keepReviews: false });
    const [erasure] = ((await readLog('limit=1&kind=erasure')).json() as AuditEntry[]);
    expect(erasure).toMatchObject({ action: 'customer erased', actorEmail: admin.email, after: { keepReviews: false, reviewsKept: 0 } });
    expect(JSON.stringify(erasure)).not.toContain(leaving.email);

    // A catalogue import: one row with its counts.
    const csv = `"toolName","description","img","price","minimumOrderQuantity","availableQuantity"\r\n"${unique('Imported saw ')}","A saw.","/images/tools/jigsaw.svg","25","1","3"`;
    const { token } = await call(admin, 'POST', '/admin/catalogue/import/dry-run', { csv });
    await call(admin, 'POST', '/admin/catalogue/import', { csv, token });
    expect(((await readLog('limit=1&kind=tool')).json() as AuditEntry[])[0]).toMatchObject({ action: 'imported', subject: null, after: { created: 1, changed: 0 } });
  });

  it("records families, accessories and pictures of tools, customer groups and their customers by id, and API keys without the key", async () => {
    const admin = shop.admin;
    const [drill, battery] = [await freshTool(shop, 10, 1, 30), await freshTool(shop, 10, 1, 20)];

    // A family: created, renamed, a tool placed and its values changed, taken out, deleted.
    const family = await call(admin, 'POST', '/admin/families', { name: unique('Audited driver '), options: ['Voltage'] });
    await call(admin, 'PATCH', `/admin/families/${family._id}`, { options: ['Platform'] });
    await call(admin, 'PUT', `/admin/families/${family._id}/tools/${drill._id}`, { values: ['18 V'] });
    await call(admin, 'PUT', `/admin/families/${family._id}/tools/${drill._id}`, { values: ['12 V'] });
    await call(admin, 'DELETE', `/admin/families/${family._id}/tools/${drill._id}`);
    await call(admin, 'DELETE', `/admin/families/${family._id}`);
    expect((await rowsAbout(family._id, 'tool')).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['family deleted', { name: expect.any(String), options: ['Platform'] }, null],
      ['family changed', { options: ['Voltage'] }, { options: ['Platform'] }],
      ['family created', null, { name: expect.any(String), options: ['Voltage'] }],
    ]);

    // An accessory: linked, its kind changed, unlinked; then a picture added, its text changed, removed.
    await call(admin, 'PUT', `/admin/tools/${drill._id}/accessories/${battery._id}`, { kind: 'battery' });
    await call(admin, 'PUT', `/admin/tools/${drill._id}/accessories/${battery._id}`, { kind: 'spare-part' });
    await call(admin, 'DELETE', `/admin/tools/${drill._id}/accessories/${battery._id}`);
    const form = multipartImage(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fa0' } }).png().toBuffer());
    const added = await shop.app.inject({ method: 'POST', url: `/api/admin/tools/${drill._id}/pictures?alt=Front`, headers: { ...form.headers, ...bearer(admin) }, remoteAddress: STAFF_ADDRESS, payload: form.payload });
    expect(added.statusCode, added.body).toBe(200);
    const pictureId = added.json()._id;
    await call(admin, 'PATCH', `/admin/tools/${drill._id}/pictures/${pictureId}`, { alt: 'From the front' });
    await call(admin, 'DELETE', `/admin/tools/${drill._id}/pictures/${pictureId}`);
    expect((await rowsAbout(drill._id, 'tool')).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['picture removed', { pictureId, position: 0, alt: 'From the front' }, null],
      ['picture text changed', { alt: 'Front' }, { alt: 'From the front' }],
      ['picture added', null, { pictureId, position: 0, alt: 'Front' }],
      ['accessory unlinked', { accessoryId: battery._id, kind: 'spare-part' }, null],
      ['accessory changed', { kind: 'battery' }, { kind: 'spare-part' }],
      ['accessory linked', null, { accessoryId: battery._id, kind: 'battery' }],
      ['taken out of family', { familyId: family._id, values: ['12 V'] }, null],
      ['family values changed', { values: ['18 V'] }, { values: ['12 V'] }],
      ['placed in family', null, { familyId: family._id, values: ['18 V'] }],
    ]);

    // A customer group and a customer placed in it: the customer by id, never by email.
    const groupKey = unique('audit-').toLowerCase();
    await call(admin, 'POST', '/admin/customer-groups', { key: groupKey, name: 'Audited schools' });
    await call(admin, 'PATCH', `/admin/customer-groups/${groupKey}`, { displayPricesWithoutVat: true });
    const customer = await registerUser(shop);
    await call(admin, 'PUT', '/admin/customer-group-members', { email: customer.email, group: groupKey });
    await call(admin, 'PUT', '/admin/customer-group-members', { email: customer.email, group: null });
    // Put back again, never placed since: nothing changed, nothing recorded.
    await call(admin, 'PUT', '/admin/customer-group-members', { email: customer.email, group: null });
    expect((await rowsAbout(groupKey, 'customer_group')).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['changed', { displayPricesWithoutVat: false }, { displayPricesWithoutVat: true }],
      ['created', null, { name: 'Audited schools', displayPricesWithoutVat: false }],
    ]);
    const placed = await call(admin, 'GET', '/admin/audit?limit=10&kind=customer_group');
    const customerRows = (placed as AuditEntry[]).filter((entry) => entry.subject !== groupKey).slice(0, 2);
    expect(customerRows.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['customer back in own group', { group: groupKey }, null],
      ['customer placed', null, { group: groupKey }],
    ]);
    expect(JSON.stringify(placed)).not.toContain(customer.email);

    // An API key: created with its name and scopes, revoked once (revoking again changes nothing); the key never.
    const apiKey = await call(admin, 'POST', '/admin/api-keys', { name: unique('Audited ERP '), scopes: ['orders:read'] });
    await call(admin, 'DELETE', `/admin/api-keys/${apiKey._id}`);
    await call(admin, 'DELETE', `/admin/api-keys/${apiKey._id}`);
    const keyRows = await rowsAbout(apiKey._id, 'api_key');
    expect(keyRows.map((entry) => entry.action)).toEqual(['revoked', 'created']);
    expect(keyRows[1]!.after).toEqual({ name: apiKey.name, scopes: ['orders:read'] });
    expect(JSON.stringify(keyRows)).not.toContain(apiKey.key);
  });

  it("records an API key's change as the key's, beside the admin who made the key (decision 066)", async () => {
    const { _id: keyId, key } = await call(shop.admin, 'POST', '/admin/api-keys', { name: unique('ERP '), scopes: ['catalogue:write'] });
    const tool = await freshTool(shop, 10, 1, 30);
    const changed = await shop.app.inject({
      method: 'PATCH',
      url: `/api/updateTool/${tool._id}`,
      headers: { authorization: `Bearer ${key}` },
      remoteAddress: STAFF_ADDRESS,
      payload: { availableQuantity: 10, minimumOrderQuantity: 1, price: 31 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await rowsAbout(tool._id, 'tool')).toMatchObject([
      { action: 'changed', actorKind: 'api_key', actorApiKeyId: keyId, actorEmail: shop.admin.email, clientAddress: STAFF_ADDRESS, before: { price: 30 }, after: { price: 31 } },
    ]);
  });

  it('pages newest first by cursor, and finds the changes of one person, of one kind and of some days', async () => {
    const other = await registerUser(shop, { role: 'admin' });
    const codes = [unique('PAGE'), unique('PAGE'), unique('PAGE')];
    for (const code of codes) await call(other, 'POST', '/admin/coupons', { code, percentOff: 5 });

    const first = await readLog(`limit=2&actor=${encodeURIComponent(other.email.toUpperCase())}`);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as AuditEntry[]).map((entry) => entry.after?.code)).toEqual([codes[2], codes[1]]);
    const cursor = nextCursorFromLink(first.headers.link as string);
    const second = await readLog(`limit=2&actor=${encodeURIComponent(other.email)}&cursor=${encodeURIComponent(cursor!)}`);
    expect((second.json() as AuditEntry[]).map((entry) => entry.after?.code)).toEqual([codes[0]]);
    expect(second.headers.link).toBeUndefined();
    // A cursor belongs to its filters.
    expect((await readLog(`limit=2&kind=tool&cursor=${encodeURIComponent(cursor!)}`)).statusCode).toBe(400);

    const today = new Date().toISOString().slice(0, 10);
    expect(((await readLog(`actor=${encodeURIComponent(other.email)}&kind=coupon&from=${today}&to=${today}`)).json() as AuditEntry[])).toHaveLength(3);
    expect(((await readLog(`actor=${encodeURIComponent(other.email)}&kind=tool`)).json() as AuditEntry[])).toEqual([]);
    expect(((await readLog(`actor=${encodeURIComponent(other.email)}&from=2100-01-01`)).json() as AuditEntry[])).toEqual([]);
    expect(((await readLog(`actor=${encodeURIComponent(other.email)}&to=2000-01-01`)).json() as AuditEntry[])).toEqual([]);
    const backwards = await readLog('from=2026-11-28&to=2026-11-27');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ error: 'bad_request', message: 'From must be on or before To' });
    expect((await readLog('kind=everything')).statusCode).toBe(400);
  });

  it('is read by admins only', async () => {
    const clerk = await registerUser(shop, { staffRoles: ['catalogue', 'accounts', 'fulfilment', 'support'] });
    for (const user of [shop.customer, clerk]) {
      const refused = await readLog('limit=1', user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'forbidden', message: 'Only an admin can do this.' });
    }
  });

  it('is never changed or deleted: the database refuses updates, deletes and truncation of it', async () => {
    await call(shop.admin, 'POST', '/admin/coupons', { code: unique('KEPT'), percentOff: 5 });
    const { db } = shop.database;
    const refusal = /audit entries are never changed or deleted/;
    await expect(db.execute(sql`update audit_entries set actor_email = 'someone@example.com'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_entries`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_entries`)).rejects.toThrow();
    const causeOf = async (statement: Promise<unknown>) => {
      const error = await statement.then(() => undefined, (thrown: unknown) => thrown as Error & { cause?: Error });
      return `${error?.message} ${error?.cause?.message ?? ''}`;
    };
    expect(await causeOf(db.execute(sql`delete from audit_entries`))).toMatch(refusal);
    const [{ rows } = { rows: 0 }] = (await db.execute(sql`select count(*)::int as rows from audit_entries`) as unknown as { rows: { rows: number }[] }).rows;
    expect(rows).toBeGreaterThan(0);
  });
});
