import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, getTableName, is, ne } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../schema.ts';
import { startTestShop } from '../../test-support/test-app.ts';
import { pgliteIn, testDatabaseKinds } from '../../test-support/test-databases.ts';
import { firstTool, placeOrder, placePaidOrder } from '../../test-support/test-orders.ts';
import { applyForBusinessAccount, bearer, registerUser } from '../../test-support/test-users.ts';
import { exportShop, importShop } from './shop-transfer.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const postgres = testDatabaseKinds.find((kind) => kind.name === 'postgres');
// Without PostgreSQL the move is tested into a second embedded database.
const target = postgres ?? testDatabaseKinds[0]!;

function runScript(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', `apps/server/src/db/transfer/${script}`, ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

// Not on useTestShop: the source shop runs on a PGlite data dir of its own and is closed halfway, so the export script can open it.
describe(`moving a PGlite shop to ${target.name}`, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'voltline-transfer-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('keeps every row of every table: users, orders, payments, reviews, pictures, webhooks and their deliveries', { timeout: 120_000 }, async () => {
    const dataDir = path.join(work, 'data');
    const source = await startTestShop(pgliteIn(path.join(dataDir, 'pglite')), { seed: true });
    const alice = await registerUser(source);
    const tool = await firstTool(source);
    // Rows the API makes only with outside services (Stripe, a mail link, a receiver) are written directly.
    const { db } = source.database;
    const [user] = await db.select().from(schema.authUsers);
    await db.insert(schema.authVerifications).values({ id: 'verification-1', identifier: 'reset-password:token', value: user!.id, expiresAt: new Date(Date.now() + 3_600_000) });
    // Two-step sign-in's secret and backup codes (decision 062), encrypted as better-auth keeps them.
    await db.insert(schema.authTwoFactors).values({ id: 'two-factor-1', secret: 'encrypted-secret', backupCodes: 'encrypted-codes', userId: user!.id, failedVerificationCount: 2, lockedUntil: new Date() });
    await db.insert(schema.images).values({ contentType: 'image/webp', bytes: Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 255]), width: 1, height: 1, uploadedBy: user!.id });
    await db.insert(schema.processedWebhookEvents).values({ eventId: 'evt_moved' });
    // An endpoint that hears of new orders: placing one below writes its delivery into notifications.
    await db.insert(schema.webhookEndpoints).values({ url: 'https://erp.example.com/hooks', events: ['order.placed'], secret: 'whsec_moved', createdBy: alice.email });
    await placeOrder(source, alice, tool);
    const paidId = await placePaidOrder(source, alice, tool);
    // A partial refund issues a credit note: the shop's numbered documents travel too.
    const admin = await registerUser(source, { role: 'admin' });
    const refund = await source.app.inject({ method: 'POST', url: `/api/adminPurchased/${paidId}/refund`, headers: bearer(admin), payload: { amount: 1, reason: 'Moved' } });
    expect(refund.statusCode, refund.body).toBe(200);
    await source.app.inject({ method: 'POST', url: '/api/review', headers: { authorization: `Bearer ${alice.token}` }, payload: { review: 'Moved well', rating: 5 } });
    // A visitor's "Ask us anything" query, kept for the admins' inbox.
    const query = await source.app.inject({
      method: 'POST',
      url: '/api/queries',
      payload: { name: 'Grace Volta', email: 'grace@example.com', phone: '5550199', role: 'Full Stack Developer', query: 'Do you ship to Norway?' },
    });
    expect(query.statusCode, query.body).toBe(200);
    // A signed-in customer's cart line.
    const cart = await source.app.inject({ method: 'PUT', url: `/api/cart/lines/${tool._id}`, headers: bearer(alice), payload: { quantity: tool.minimumOrderQuantity } });
    expect(cart.statusCode, cart.body).toBe(200);
    // A coupon an admin made, and one use of it taken by Alice's order.
    const coupon = await source.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: bearer(admin), payload: { code: 'MOVED10', percentOff: 10 } });
    expect(coupon.statusCode, coupon.body).toBe(200);
    await db.insert(schema.couponUses).values({ couponId: coupon.json<{ _id: string }>()._id, customerId: user!.id, orderId: paidId });
    // Making Alice an admin records the role change, which travels with the shop.
    const profile = await source.app.inject({ method: 'GET', url: `/api/user?email=${encodeURIComponent(alice.email)}`, headers: bearer(admin) });
    const promoted = await source.app.inject({ method: 'PATCH', url: `/api/profile/${profile.json<{ _id: string }>()._id}`, headers: bearer(admin), payload: { role: 'admin' } });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // The shop's tax settings an admin set (issue 43).
    const tax = await source.app.inject({ method: 'PUT', url: '/api/admin/tax-settings', headers: bearer(admin), payload: { country: 'DE', standardRate: 19, pricesIncludeVat: true, vatNote: 'Moved.' } });
    expect(tax.statusCode, tax.body).toBe(200);
    // An ERP's API key (decision 066): its hash travels, so the key keeps working in the new shop.
    const apiKey = await source.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: bearer(admin), payload: { name: 'Moved ERP', scopes: ['orders:read'] } });
    expect(apiKey.statusCode, apiKey.body).toBe(200);
    // A parcel of the paid order with its carrier and a serial, and a back-in-stock alert (issues 37 and 38).
    await db.insert(schema.carriers).values({ name: 'DHL', trackingUrlTemplate: 'https://www.dhl.de/track?piececode={tracking}', noticeSecret: 'dhl-notice-secret-0123456789abcdefgh' });
    const [parcel] = await db.insert(schema.shipments).values({ orderId: paidId, carrier: 'DHL', trackingNumber: 'JJD1', trackingUrl: 'https://www.dhl.de/track?piececode=JJD1' }).returning();
    await db.insert(schema.shipmentLines).values({ shipmentId: parcel!.id, orderId: paidId, linePosition: 0, toolId: tool._id, product: tool.toolName, quantity: 1 });
    await db.insert(schema.shippedSerials).values({ shipmentId: parcel!.id, orderId: paidId, linePosition: 0, toolId: tool._id, serialNumber: 'SN-MOVED-1' });
    await db.insert(schema.stockAlerts).values({ toolId: tool._id, email: 'grace@example.com' });
    // A group of the admin's own with a price and a customer (decision 059); retail and trade came with the migrations.
    await db.insert(schema.customerGroups).values({ key: 'schools', name: 'Schools' });
    await db.insert(schema.groupToolPrices).values({ groupKey: 'schools', toolId: tool._id, percentOffHundredths: 1250, tiers: [{ fromUnits: 10, percentOffHundredths: 500 }] });
    await db.insert(schema.customerGroupMembers).values({ userId: user!.id, groupKey: 'schools' });
    // A return of that unit (decision 048).
    const [sentBack] = await db.insert(schema.returns).values({ orderId: paidId, userId: user!.id, reason: 'withdrawal' }).returning();
    await db.insert(schema.returnLines).values({ returnId: sentBack!.id, orderId: paidId, toolId: tool._id, product: tool.toolName, quantity: 1 });
    await db.insert(schema.returnSerials).values({ returnId: sentBack!.id, orderId: paidId, toolId: tool._id, serialNumber: 'SN-MOVED-1' });
    // A category under another (the child inserted first: a parent is checked at the transaction's end), a specification and the tool's value (issue 40).
    const topId = randomUUID();
    const drills = await db.transaction(async (tx) => {
      const [child] = await tx.insert(schema.categories).values({ name: 'Drills', slug: 'moved-drills', parentId: topId }).returning();
      await tx.insert(schema.categories).values({ id: topId, name: 'Power tools', slug: 'moved-power-tools' });
      return child;
    });
    const [voltage] = await db.insert(schema.categoryAttributes).values({ categoryId: drills!.id, name: 'Voltage', kind: 'choice', choices: ['12 V', '18 V'] }).returning();
    await db.update(schema.tools).set({ categoryId: drills!.id }).where(eq(schema.tools.id, tool._id));
    await db.insert(schema.toolSpecifications).values({ toolId: tool._id, attributeId: voltage!.id, choiceValue: '18 V' });
    // A family holding the tool, and a seeded tool linked to it as a spare part (issue 40, items 3 and 7).
    const [family] = await db.insert(schema.toolFamilies).values({ name: 'Moved family', options: ['Voltage', 'Kit'] }).returning();
    await db.insert(schema.toolFamilyMembers).values({ toolId: tool._id, familyId: family!.id, optionValues: ['18 V', 'bare'] });
    const [spare] = await db.select({ id: schema.tools.id }).from(schema.tools).where(ne(schema.tools.id, tool._id)).limit(1);
    await db.insert(schema.toolAccessories).values({ toolId: tool._id, accessoryId: spare!.id, kind: 'spare-part' });
    // A business account, approved, and the check of its VAT id (issue 39).
    const accountId = await applyForBusinessAccount(source, alice, 'Moved Wiring SARL');
    const approved = await source.app.inject({ method: 'POST', url: `/api/admin/business-accounts/${accountId}/approve`, headers: bearer(admin), payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    // A gallery picture (decision 054): its six drawings are rows of images.
    const [drawing] = await db.select({ id: schema.images.id }).from(schema.images).limit(1);
    const drawn = drawing!.id;
    await db.insert(schema.toolPictures).values({ toolId: tool._id, position: 0, alt: 'Side view', originalType: 'image/png', cardWebp: drawn, cardOriginal: drawn, pageWebp: drawn, pageOriginal: drawn, zoomWebp: drawn, zoomOriginal: drawn });
    // Its sizes as the gallery keeps them beside the img (decision 069).
    const img = `/api/images/${drawn}`;
    await db.update(schema.tools).set({ img, pictureSrcset: { img, webp: `${img} 400w`, original: `${img} 400w` } }).where(eq(schema.tools.id, tool._id));
    // An account erased for a request by mail, and its record (decision 061).
    const gone = await registerUser(source);
    const erased = await source.app.inject({ method: 'POST', url: `/api/admin/users/${gone.profileId}/erase`, headers: bearer(admin), payload: { request: 'Mail of 28 Nov', keepReviews: false } });
    expect(erased.statusCode, erased.body).toBe(200);
    const before = await exportShop(source.database.db);
    await source.close();
    // Every table of the schema is exported and has a row here: a new table without one fails this test.
    const schemaTables = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableName(table))
      .sort();
    expect(Object.keys(before.tables).sort()).toEqual(schemaTables);
    expect(schemaTables.filter((name) => before.tables[name]!.length === 0), 'tables without a row in this test').toEqual([]);

    const file = path.join(work, 'shop.json');
    const exported = runScript('db-export.ts', ['--out', file], { DATA_DIR: dataDir });
    expect(exported.status, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/orders 2/);

    const destination = await target.open();
    try {
      if (postgres) {
        const imported = runScript('db-import.ts', ['--in', file], { DATABASE_URL: destination.url!, DATA_DIR: path.join(work, 'unused') });
        expect(imported.status, imported.stderr).toBe(0);
        const again = runScript('db-import.ts', ['--in', file], { DATABASE_URL: destination.url!, DATA_DIR: path.join(work, 'unused') });
        expect(again.status).toBe(1);
        expect(again.stderr).toContain('already has data');
      } else {
        await destination.migrate();
        const { readFileSync } = await import('node:fs');
        await importShop(destination.db, JSON.parse(readFileSync(file, 'utf8')));
      }
      const after = await exportShop(destination.db);
      expect(after.tables).toEqual(before.tables);
      expect(Object.values(after.tables).reduce((sum, rows) => sum + rows.length, 0)).toBeGreaterThan(30);
    } finally {
      await destination.close();
    }
  });
});
