import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { createFreshPostgresDatabase } from '@voltline/test-kit/fresh-postgres';
import { ADMIN, ADMIN_ENV } from '@voltline/test-kit/customers';
import { signInOverHttp, type ApiSession } from '@voltline/test-kit/api-client';
import { startShop, type RunningShop } from '@voltline/test-kit/shop-server';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
// The address of the load balancer the two instances stand behind.
const PUBLIC_URL = 'http://shop.example.test';

/**
 * Two instances, one PostgreSQL and one Redis, behaving as one shop. Needs TEST_DATABASE_URL and
 * TEST_REDIS_URL (CI sets both); on a machine without them there is nothing to scale out to.
 */
describe.runIf(postgresUrl && redisUrl)('two instances behind one address', () => {
  let database: Awaited<ReturnType<typeof createFreshPostgresDatabase>>;
  let a: RunningShop;
  let b: RunningShop;
  let redis: Redis;

  beforeAll(async () => {
    database = await createFreshPostgresDatabase(postgresUrl!);
    const redisDb = `${redisUrl!.replace(/\/\d*$/, '')}/7`;
    redis = new Redis(redisDb);
    await redis.flushdb();
    const env = { ...ADMIN_ENV, DATABASE_URL: database.url, REDIS_URL: redisDb, PUBLIC_URL, AUTH_RATE_LIMIT_MAX: '6', REVIEW_RATE_LIMIT_PER_MINUTE: '2' };
    // Started at the same moment: the startup lock lets one migrate and seed, the other waits.
    [a, b] = await Promise.all([startShop({ env }), startShop({ env })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.flushdb();
    redis?.disconnect();
    await database?.drop();
  });

  const signIn = (shop: RunningShop, email: string, password: string, name?: string) =>
    signInOverHttp(shop.url, email, password, { origin: PUBLIC_URL, ...(name ? { signUpAs: name } : {}) });

  it('migrated and seeded once, without errors', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const migrations = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const tools = await client.query('select count(*)::int as n from tools');
    const admins = await client.query("select count(*)::int as n from user_profiles where role = 'admin'");
    await client.end();
    expect(migrations.rows[0].n).toBeGreaterThanOrEqual(3);
    expect(tools.rows[0].n).toBe(16);
    expect(admins.rows[0].n).toBe(1);
    expect(a.output() + b.output()).not.toMatch(/error/i);
  });

  it('recognises on B a user who signed in through A', async () => {
    const onA = await signIn(a, 'both@example.com', 'Both#1234', 'Both Ways');
    const viaB = await fetch(`${b.url}/api/user?email=both@example.com`, { headers: { authorization: `Bearer ${onA.token}` } });
    expect(viaB.status).toBe(200);
    expect((await viaB.json()).name).toBe('Both Ways');
  });

  it('counts sign-in attempts across both instances', async () => {
    const attempt = (shop: RunningShop) =>
      fetch(`${shop.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong#123' }),
      });
    // A count of its own (the sign-ups above counted too); each attempt goes to the other instance.
    // Six attempts are allowed in all, the seventh refused: counted per instance, A and B would each
    // have let all four of theirs through.
    await redis.flushdb();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    } finally {
      // Whatever happened, the tests after this one sign in afresh.
      await redis.flushdb();
    }
  });

  it("counts one account's writes across both instances", async () => {
    const onA = await signIn(a, 'reviewer@example.com', 'Review#123', 'Reviewer');
    const onB = await signIn(b, 'reviewer@example.com', 'Review#123');
    const review = { review: 'Two instances, one limit', rating: 5 };
    expect((await onA.call('POST', '/api/review', review)).status).toBe(200);
    expect((await onB.call('POST', '/api/review', review)).status).toBe(200);
    const third = await onA.call('POST', '/api/review', review);
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/^You are adding reviews too quickly/);
    await redis.flushdb();
  });

  it('keeps an order consistent when it is placed on A, paid on B and shipped on A', async () => {
    const customerOnA = await signIn(a, 'buyer@example.com', 'Buyer#123', 'Buyer');
    const customerOnB: ApiSession = await signIn(b, 'buyer@example.com', 'Buyer#123');
    const adminOnA = await signIn(a, ADMIN.email, ADMIN.password);
    const tool: Tool = (await customerOnA.call('GET', '/api/getTools')).body[0];
    const placed = await customerOnA.call('POST', '/api/purchased', { toolId: tool._id, quantity: tool.minimumOrderQuantity, phone: '5550100', address: 'Two Instances Rd' });
    const orderId = placed.body.insertedId;
    const { clientSecret } = (await customerOnB.call('POST', '/api/create-payment-intent', { orderId })).body;
    const paid = await customerOnB.call('POST', '/api/payments/builtin/confirm', { clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123', postalCode: '10115' } });
    expect(paid.status).toBe(200);
    expect((await adminOnA.call('PATCH', `/api/deliverConfirm/${orderId}`, { delivery: 'shipped' })).status).toBe(200);
    const seenOnB = (await customerOnB.call('GET', `/api/purchasedSingle/${orderId}`)).body;
    expect(seenOnB).toMatchObject({ status: 'paid', delivery: 'shipped' });
    const stockOnB = (await customerOnB.call('GET', `/api/getTool/${tool._id}`)).body.availableQuantity;
    expect(stockOnB).toBe(tool.availableQuantity - tool.minimumOrderQuantity);
  });

  it('shows a tool edited on B in the catalogue A serves', async () => {
    const adminOnB = await signIn(b, ADMIN.email, ADMIN.password);
    const catalogueOnA = async (): Promise<Tool[]> => (await fetch(`${a.url}/api/getTools`)).json();
    const [tool] = await catalogueOnA();
    const update = { availableQuantity: tool!.availableQuantity + 1234, minimumOrderQuantity: tool!.minimumOrderQuantity, price: tool!.price + 1 };
    expect((await adminOnB.call('PATCH', `/api/updateTool/${tool!._id}`, update)).status).toBe(200);
    await expect.poll(async () => (await catalogueOnA())[0]!.availableQuantity, { timeout: 2000, interval: 50 }).toBe(update.availableQuantity);
  });
});
