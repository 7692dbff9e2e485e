import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownServicesMissing, startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from '@voltline/test-kit/own-services';
import { createLogger } from '../http/logging.ts';
import { connectRedis, type RedisLink } from './redis.ts';
import { oneDatabaseKind, postgresOn } from '../test-support/test-databases.ts';
import { useTestShop, type ShopFrame } from '../test-support/test-shop.ts';
import { bearer, postToAuth } from '../test-support/test-users.ts';
import { suiteOrderRequest } from '../test-support/test-orders.ts';

/**
 * Optional services that go away, and a database that restarts: the shop answers in words and
 * keeps selling. Each suite runs a server of its own, which it stops and starts.
 */
const missing = ownServicesMissing();
if (missing) console.log(`Outage tests skipped: ${missing}.`);

async function until(condition: () => boolean | Promise<boolean>, what: string, seconds = 10): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ORDERS_PER_MINUTE = 4;

/** The customer's order of the frame's tool, answered as it is (placeOrder in test-orders throws on a refusal). */
const placeOrderOf = (shop: ShopFrame) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/purchased',
    headers: bearer(shop.customer),
    payload: suiteOrderRequest(shop.tool),
  });

describe.skipIf(missing)('while Redis is away', () => {
  let redisServer: OwnRedis;
  let redis: RedisLink;
  beforeAll(async () => {
    redisServer = await startOwnRedis();
    redis = connectRedis(redisServer.url, createLogger('silent'));
    await until(() => redis.isUp(), 'Redis is up');
  });
  afterAll(async () => {
    redis.disconnect();
    await redisServer.stop();
  });
  // After the hook above, which starts the Redis it connects to.
  const shop = useTestShop(oneDatabaseKind, () => ({
    seed: true,
    users: true,
    tool: true,
    redis,
    environment: { ORDER_RATE_LIMIT_PER_MINUTE: String(ORDERS_PER_MINUTE) },
  }));

  const order = () => placeOrderOf(shop);
  const ready = () => shop.app.inject({ method: 'GET', url: '/api/ready' });
  const limitKeysInRedis = async () => {
    const look = new Redis(redisServer.url);
    try {
      return (await look.keys('voltline-rate-limit:*')).length;
    } finally {
      look.disconnect();
    }
  };

  it('sells, signs in and stays ready, counting limits on its own, and shares them again when Redis is back', async () => {
    expect((await ready()).json()).toMatchObject({ ok: true, redis: 'up' });
    expect((await order()).statusCode).toBe(200);
    expect(await limitKeysInRedis()).toBeGreaterThan(0);

    await redisServer.stop();
    await until(() => !redis.isUp(), 'the shop notices Redis is gone');
    const readyWithout = await ready();
    expect(readyWithout.statusCode).toBe(200);
    expect(readyWithout.json()).toEqual({ ok: true, database: true, redis: 'down: limits and caches are kept per instance', backup: { lastSuccessAt: null, lastAttemptAt: null, lastResult: 'none yet' } });

    // The limit still holds, counted by this instance: the first orders pass, the one past it is refused in words.
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= ORDERS_PER_MINUTE; attempt += 1) statuses.push((await order()).statusCode);
    expect(statuses).toEqual([...Array<number>(ORDERS_PER_MINUTE).fill(200), 429]);
    const refused = await order();
    expect(refused.json()).toEqual({ error: 'too_many_requests', message: expect.stringMatching(/^You are placing orders too quickly\. Try again in \d+ seconds?\.$/) });

    const signIn = await postToAuth(shop.app, '/sign-in/email', { email: shop.customer.email, password: shop.customer.password });
    expect(signIn.statusCode).toBe(200);
    expect((await shop.app.inject({ method: 'GET', url: '/api/getTools' })).statusCode).toBe(200);

    await redisServer.start();
    await until(() => redis.isUp(), 'the shop reconnects to Redis by itself');
    expect((await ready()).json()).toMatchObject({ ok: true, redis: 'up' });
    // Counted in Redis again (it came back empty: it keeps nothing on disk).
    expect(await limitKeysInRedis()).toBe(0);
    expect((await order()).statusCode).toBe(200);
    expect(await limitKeysInRedis()).toBeGreaterThan(0);

    const metrics = await shop.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(shop.admin) });
    expect(metrics.body).toContain('voltline_redis_up 1');
    expect(metrics.body).toContain('voltline_redis_outages 1');
    expect(metrics.body).toMatch(/voltline_redis_local_answers [1-9]\d*/);
  });
});

describe.skipIf(missing)('while PostgreSQL restarts', () => {
  let server: OwnPostgres;
  beforeAll(async () => {
    server = await startOwnPostgres();
  }, 60_000);
  // Registered before the shop's, so it runs after it (after-hooks run last-registered first).
  afterAll(() => server?.remove());
  const shop = useTestShop(
    { name: 'postgres', open: () => postgresOn(server.url).open() },
    { seed: true, users: true, tool: true },
  );

  it('answers 503 in words with Retry-After while it is down, and serves again by itself when it is back', async () => {
    const placeOrder = () => placeOrderOf(shop);
    expect((await placeOrder()).statusCode).toBe(200);

    await server.stop();
    const calls = {
      order: await placeOrder(),
      catalogue: await shop.app.inject({ method: 'GET', url: '/api/getTools?limit=7' }),
      myOrders: await shop.app.inject({ method: 'GET', url: '/api/purchased', headers: bearer(shop.customer) }),
      signIn: await postToAuth(shop.app, '/sign-in/email', { email: shop.customer.email, password: shop.customer.password }),
      ready: await shop.app.inject({ method: 'GET', url: '/api/ready' }),
    };
    for (const [call, response] of Object.entries(calls)) {
      expect(response.statusCode, call).toBe(503);
      expect(response.headers['retry-after'], call).toBe('5');
    }
    expect(calls.ready.json()).toEqual({ error: 'not_ready', message: 'Not ready: the database does not answer.', redis: 'not configured' });
    for (const call of ['order', 'catalogue', 'myOrders', 'signIn'] as const) {
      expect(calls[call].json(), call).toEqual({
        error: 'busy',
        message: 'The shop cannot reach its database just now, so nothing was changed. Please try again in 5 seconds.',
      });
    }

    await server.start();
    // The pool reconnects by itself: the next request after the restart is served.
    expect((await shop.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await placeOrder()).statusCode).toBe(200);
    const signIn = await postToAuth(shop.app, '/sign-in/email', { email: shop.customer.email, password: shop.customer.password });
    expect(signIn.statusCode).toBe(200);
    const mine = await shop.app.inject({ method: 'GET', url: '/api/purchased', headers: bearer(shop.customer) });
    expect(mine.json()).toHaveLength(2);
  });
});
