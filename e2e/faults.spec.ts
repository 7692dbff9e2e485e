import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@voltline/shared/tool';
import { newCustomer, signUpOverHttp, type Customer } from '@voltline/test-kit/customers';
import { createFreshPostgresDatabase } from '@voltline/test-kit/fresh-postgres';
import { fetchTools, orderRequest } from '@voltline/test-kit/orders';
import { ownServicesMissing, startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from '@voltline/test-kit/own-services';
import { startShop, type RunningShop } from '@voltline/test-kit/shop-server';

/**
 * The fault journey (`npm run test:faults`, and part of the browser run where PostgreSQL 15 and
 * redis-server are installed): customers order and sign in while Redis is stopped and started and
 * while PostgreSQL restarts. A PostgreSQL and a Redis of the journey's own, never the shared ones.
 */
const missing = ownServicesMissing();
if (missing) console.log(`Fault journey skipped: ${missing}.`);

const CUSTOMERS = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  at: number;
  call: 'order' | 'sign-in';
  /** 0: no answer at all (the connection failed). */
  status: number;
  orderId?: string;
}

describe.skipIf(missing)('customers order and sign in while Redis and PostgreSQL falter', () => {
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let database: Awaited<ReturnType<typeof createFreshPostgresDatabase>>;
  let shop: RunningShop;

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
    database = await createFreshPostgresDatabase(postgres.url);
    shop = await startShop({
      env: { DATABASE_URL: database.url, REDIS_URL: redis.url, AUTH_RATE_LIMIT_MAX: '100000', ORDER_RATE_LIMIT_PER_MINUTE: '100000' },
    });
  }, 120_000);
  afterAll(async () => {
    await shop?.stop();
    await database?.drop().catch(() => {});
    await Promise.all([postgres?.remove(), redis?.stop()]);
  });

  it('answers every request with its result or a 503 in words, loses no acknowledged order, and serves again within 5 s', async () => {
    const [tool] = (await fetchTools(shop.url)) as [Tool];
    const customers: Customer[] = Array.from({ length: CUSTOMERS }, () => newCustomer());
    const tokens = (await Promise.all(customers.map((customer) => signUpOverHttp(shop.url, customer)))).map((session) => session.token);

    const answers: Answer[] = [];
    let loading = true;
    const customerLoop = async (customer: Customer, token: string) => {
      for (let round = 0; loading; round += 1) {
        answers.push(await placeOrder(shop.url, token, tool));
        if (round % 5 === 0) answers.push(await signIn(shop.url, customer));
        await sleep(20);
      }
    };
    const load = Promise.all(customers.map((customer, index) => customerLoop(customer, tokens[index]!)));

    await sleep(1000);
    await redis.stop();
    const redisGone = Date.now();
    await sleep(4000);
    await redis.start();
    const redisBack = Date.now();
    const redisSeenBack = await firstTime(async () => (await (await fetch(`${shop.url}/api/ready`)).json()).redis === 'up');
    await sleep(1500);
    const restartBegan = Date.now();
    await postgres.restart();
    const postgresBack = Date.now();
    await sleep(3000);
    loading = false;
    await load;

    const counts = countByStatus(answers);
    console.log(`Fault journey: answers by call and status ${JSON.stringify(counts)}; Redis seen back ${redisSeenBack - redisBack} ms after it started`);
    // No failure of the shop's own: every answer is a result, a refusal in words, or a 503 during the outage.
    expect(answers.filter((answer) => answer.status === 0 || (answer.status >= 500 && answer.status !== 503))).toEqual([]);
    // Redis's outage stops nothing: orders and sign-ins go on while it is away.
    const whileRedisAway = answers.filter((answer) => answer.at > redisGone && answer.at < redisBack);
    expect(whileRedisAway.length).toBeGreaterThan(0);
    expect(whileRedisAway.every((answer) => answer.status === 200)).toBe(true);
    expect(redisSeenBack - redisBack).toBeLessThanOrEqual(5000);
    // 503s only while PostgreSQL restarted, and orders again within 5 s of its return.
    expect(answers.filter((answer) => answer.status === 503 && (answer.at < restartBegan || answer.at > postgresBack + 5000))).toEqual([]);
    const firstOrderAfter = answers.find((answer) => answer.call === 'order' && answer.status === 200 && answer.at > postgresBack);
    expect(firstOrderAfter, 'an order after the restart').toBeDefined();
    expect(firstOrderAfter!.at - postgresBack).toBeLessThanOrEqual(5000);

    // Every order the shop acknowledged is stored.
    const acknowledged = answers.flatMap((answer) => (answer.orderId ? [answer.orderId] : []));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const stored = await client.query<{ count: string }>('select count(*) from orders where id = any($1::uuid[])', [acknowledged]);
      expect(Number(stored.rows[0]!.count)).toBe(acknowledged.length);
    } finally {
      await client.end();
    }
  }, 120_000);
});

async function answerOf(call: Answer['call'], request: () => Promise<Response>): Promise<Answer> {
  try {
    const response = await request();
    const body = (await response.json().catch(() => ({}))) as { insertedId?: string; error?: string; message?: string };
    if (response.status === 503 && (body.error !== 'busy' || !response.headers.get('retry-after') || !body.message)) {
      return { at: Date.now(), call, status: 599 }; // a 503 that is not in words counts as a failure
    }
    return { at: Date.now(), call, status: response.status, orderId: call === 'order' && response.ok ? body.insertedId : undefined };
  } catch {
    return { at: Date.now(), call, status: 0 };
  }
}

const placeOrder = (shopUrl: string, token: string, tool: Tool) =>
  answerOf('order', () =>
    fetch(`${shopUrl}/api/purchased`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(orderRequest(tool)),
    }),
  );

const signIn = (shopUrl: string, customer: Customer) =>
  answerOf('sign-in', () =>
    fetch(`${shopUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: shopUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    }),
  );

function countByStatus(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { call, status } of answers) counts[`${call} ${status}`] = (counts[`${call} ${status}`] ?? 0) + 1;
  return counts;
}

/** When a condition first holds, polled every 50 ms for at most 10 s. */
async function firstTime(condition: () => Promise<boolean>): Promise<number> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return Date.now();
    await sleep(50);
  }
  return Infinity;
}
