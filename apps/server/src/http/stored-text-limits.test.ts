import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { newTool } from '@voltline/test-kit/tools';
import * as schema from '../db/schema.ts';
import { authUsers, orders, reviews, userProfiles, webhookEndpoints } from '../db/schema.ts';
import { TEXT_COLUMN_LIMITS } from '../db/text-columns.ts';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { placeOrder } from '../test-support/test-orders.ts';
import { bearer, exchangeToken, registerUser } from '../test-support/test-users.ts';

const long = (length: number) => 'x'.repeat(length);

/** Text columns only the shop itself (or its payment gateway's signed answers) fills: ids, keys, dates it formats. */
const FILLED_BY_THE_SHOP: Record<string, string[]> = {
  // The admin who erased an account (decision 061): an account's id.
  account_erasures: ['by_user_id'],
  // An API key's hash (base64url of a SHA-256) and its creator's account id (decision 066).
  api_keys: ['key_hash', 'created_by'],
  // The audit log (decision 065): ids, and the shop's own words for what was done (their own CHECKs bound them).
  audit_entries: ['actor_user_id', 'actor_api_key_id', 'action', 'subject'],
  // How the buyer paid: one of the shop's fixed wordings (invoices/invoice-register.ts).
  business_accounts: ['customer_id'],
  cart_lines: ['user_id'],
  // A copy of a customer_groups key, which that table bounds (and the foreign key holds to it).
  customer_group_members: ['user_id', 'group_key'],
  group_tool_prices: ['group_key'],
  credit_notes: ['payment_method'],
  coupon_uses: ['customer_id'],
  images: ['content_type', 'uploaded_by'],
  invoices: ['payment_method'],
  notifications: ['target', 'event_type'],
  order_events: ['actor_user_id'],
  // invoice_number: a copy of its invoice's number, which the invoices table bounds.
  orders: ['user_id', 'purchase_date', 'invoice_number'],
  payment_intents: ['id', 'client_secret'],
  processed_webhook_events: ['event_id'],
  reviews: ['user_id', 'review_date', 'review_time', 'removed_by_user_id'],
  role_changes: ['changed_by_user_id'],
  shop_state: ['key', 'value'],
  stock_movements: ['actor_user_id'],
  shipments: ['actor_user_id'],
  returns: ['user_id'],
  user_profiles: ['user_id'],
  webhook_endpoints: ['secret'],
};

describe('the text columns of the schema', () => {
  it('each have a limit, unless only the shop fills them (better-auth keeps its own auth_ tables)', () => {
    const unbounded = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableConfig(table))
      .filter(({ name }) => !name.startsWith('auth_'))
      .flatMap(({ name, columns }) =>
        columns
          .filter((column) => column.columnType === 'PgText' && !column.enumValues)
          .filter((column) => !(column.name in ((TEXT_COLUMN_LIMITS as Record<string, object>)[name] ?? {})))
          .filter((column) => !FILLED_BY_THE_SHOP[name]?.includes(column.name))
          .map((column) => `${name}.${column.name}`),
      );
    expect(unbounded).toEqual([]);
  });
});

describe.each(testDatabaseKinds)('every stored text is bounded on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true, tool: true });

  const everything = async () => ({
    ...(await snapshotShop(shop.database.db)),
    endpoints: await shop.database.db.select().from(webhookEndpoints),
  });
  const toolWith = (change: object) => ({ ...newTool(), ...change });
  const order = (change: object) => ({ toolId: shop.tool._id, quantity: shop.tool.minimumOrderQuantity, phone: '5550100', address: '1 Circuit Road', ...change });

  interface OverLongText {
    what: string;
    by: 'customer' | 'admin';
    method: 'POST' | 'PATCH';
    url: () => string;
    payload: () => object;
    message: string;
  }
  const profile = () => `/api/profile/${shop.customer.profileId}`;
  const overLongTexts: OverLongText[] = [
    { what: 'an order address', by: 'customer', method: 'POST', url: () => '/api/purchased', payload: () => order({ address: long(301) }), message: 'Address can be at most 300 characters' },
    { what: 'an order phone', by: 'customer', method: 'POST', url: () => '/api/purchased', payload: () => order({ phone: '5'.repeat(31) }), message: 'Phone can be at most 30 characters' },
    { what: 'a review', by: 'customer', method: 'POST', url: () => '/api/review', payload: () => ({ review: long(1001), rating: 5 }), message: 'Review can be at most 1000 characters' },
    { what: 'a profile address', by: 'customer', method: 'PATCH', url: profile, payload: () => ({ address: long(301) }), message: 'Address can be at most 300 characters' },
    { what: 'a profile education', by: 'customer', method: 'PATCH', url: profile, payload: () => ({ education: long(301) }), message: 'Education can be at most 300 characters' },
    { what: 'a profile LinkedIn', by: 'customer', method: 'PATCH', url: profile, payload: () => ({ linkedIn: `https://www.linkedin.com/in/${long(300)}` }), message: 'LinkedIn can be at most 300 characters' },
    { what: 'a tool name', by: 'admin', method: 'POST', url: () => '/api/addTool', payload: () => toolWith({ toolName: long(121) }), message: 'Tool name can be at most 120 characters' },
    { what: 'a tool description', by: 'admin', method: 'POST', url: () => '/api/addTool', payload: () => toolWith({ description: long(2001) }), message: 'Description can be at most 2000 characters' },
    { what: 'a tool picture', by: 'admin', method: 'POST', url: () => '/api/addTool', payload: () => toolWith({ img: `/images/${'a'.repeat(300)}.png` }), message: 'Image can be at most 300 characters' },
    { what: 'a webhook endpoint URL', by: 'admin', method: 'POST', url: () => '/api/webhook-endpoints', payload: () => ({ url: `https://erp.example.com/${long(2000)}`, events: ['order.placed'] }), message: 'Endpoint URL can be at most 2000 characters' },
  ];

  it.each(overLongTexts)('refuses $what over its limit, in words, and stores nothing', async ({ by, method, url, payload, message }) => {
    const before = await everything();
    const response = await shop.app.inject({ method, url: url(), headers: bearer(by === 'admin' ? shop.admin : shop.customer), payload: payload() });
    expect(response.statusCode).toBe(400);
    // Exactly the shop's sentence: no JSON path or "Invalid body:" in front of it.
    expect(response.json()).toEqual({ error: 'bad_request', message });
    expect(await everything()).toEqual(before);
  });

  it.each([
    { what: 'a huge price', payload: { price: 1e20, availableQuantity: 1 }, message: 'Unit price can be at most $1,000,000.00' },
    { what: 'a tool name that is not text', payload: { toolName: 5 }, message: 'Tool name must be text' },
    { what: 'a missing description', payload: { description: undefined }, message: 'Description is required' },
  ])('refuses $what in the shop\'s words, never zod\'s', async ({ payload, message }) => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/addTool', headers: bearer(shop.admin), payload: toolWith(payload) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message });
  });

  it('copies at most 80 characters of an account name stored before names were bounded into orders, reviews and profiles', async () => {
    const bloated = await registerUser(shop);
    // 900,000 two-unit characters: the cut must fall between characters, never inside one.
    await shop.database.db.update(authUsers).set({ name: '🔌'.repeat(900_000) }).where(eq(authUsers.email, bloated.email));
    const expected = '🔌'.repeat(80);

    const orderId = await placeOrder(shop, bloated, shop.tool);
    const [placed] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(placed!.buyer).toBe(expected);

    const reviewed = await shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(bloated), payload: { review: 'Fine', rating: 4 } });
    expect(reviewed.statusCode).toBe(200);
    const list = await shop.app.inject({ method: 'GET', url: '/api/review' });
    expect(list.json()[0].userName).toBe(expected);
    expect(list.body.length).toBeLessThan(20_000);

    // The profile is made on the first token exchange: a bloated name is cut there too.
    await shop.database.db.delete(userProfiles).where(eq(userProfiles.email, bloated.email));
    await exchangeToken(shop.app, bloated.email, bloated.cookie);
    const [profile] = await shop.database.db.select().from(userProfiles).where(eq(userProfiles.email, bloated.email));
    expect(profile!.name).toBe(expected);
  });

  it('refuses in words, never with a 500, a text no schema checks: an over-long account email copied into an order', async () => {
    const user = await registerUser(shop);
    await shop.database.db.update(authUsers).set({ email: `${long(300)}@example.com` }).where(eq(authUsers.email, user.email));
    const before = await everything();
    const response = await shop.app.inject({ method: 'POST', url: '/api/purchased', headers: bearer(user), payload: order({}) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: 'Email can be at most 254 characters' });
    expect(await everything()).toEqual(before);
  });

  it('holds every limit in the database itself, so no path can store more', async () => {
    const result = await shop.database.db.execute(
      sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where contype = 'c' and conname like '%_length'`,
    );
    const definitions = new Map((result as unknown as { rows: { name: string; definition: string }[] }).rows.map((row) => [row.name, row.definition]));
    for (const [table, columns] of Object.entries(TEXT_COLUMN_LIMITS)) {
      for (const [column, { max }] of Object.entries(columns)) {
        expect(definitions.get(`${table}_${column}_length`), `${table}.${column}`).toMatch(new RegExp(`char_length\\(${column}\\) <= ${max}\\b`));
      }
    }
    const [review] = await shop.database.db.select().from(reviews).limit(1);
    await expect(shop.database.db.update(reviews).set({ review: long(1001) }).where(eq(reviews.id, review!.id))).rejects.toThrow();
  });

  it('cuts texts a shop stored before the limits when it upgrades, so the limits can hold', async () => {
    const { db } = shop.database;
    // The database as it was before the text limits, holding a 600 KB review and a bloated name.
    for (const [table, columns] of Object.entries(TEXT_COLUMN_LIMITS)) {
      for (const column of Object.keys(columns)) await db.execute(sql.raw(`alter table ${table} drop constraint ${table}_${column}_length`));
    }
    // A column 0004 bounded and 0010 dropped (never written): back as it was, so 0004 replays as written.
    await db.execute(sql.raw('alter table payment_intents add column last_error text'));
    const [review] = await db.select().from(reviews).limit(1);
    await db.update(reviews).set({ review: long(600_000), userName: long(900_000) }).where(eq(reviews.id, review!.id));

    const migration = readFileSync(path.join(import.meta.dirname, '../db/migrations/0004_text_limits.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const [upgraded] = await db.select().from(reviews).where(eq(reviews.id, review!.id));
    expect(upgraded!.review).toBe(long(1000));
    expect(upgraded!.userName).toBe(long(80));
    await expect(db.update(reviews).set({ userName: long(81) }).where(eq(reviews.id, review!.id))).rejects.toThrow();
  });
});
