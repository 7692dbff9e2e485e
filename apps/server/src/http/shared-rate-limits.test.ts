import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ownServicesMissing, startOwnRedis, type OwnRedis } from '@voltline/test-kit/own-services';
import { createLogger } from './logging.ts';
import { connectRedis, type RedisLink } from '../platform/redis.ts';
import { oneDatabaseKind } from '../test-support/test-databases.ts';
import { useTestShop, type ShopFrame } from '../test-support/test-shop.ts';
import { freshTool } from '../test-support/test-orders.ts';
import { bearer, type TestUser } from '../test-support/test-users.ts';
import { suiteOrderRequest } from '../test-support/test-orders.ts';

const missing = ownServicesMissing();
if (missing) console.log(`Shared rate limit tests skipped: ${missing}.`);

const ORDERS_PER_MINUTE = 4;
const ALERTS_PER_HOUR = 2;

/**
 * Two instances behind one balancer count one account's writes in one Redis
 * (platform/rate-limit-store.ts): the limit is the shop's, not each instance's.
 */
describe.skipIf(missing)('write limits counted in Redis by two instances', () => {
  let redisServer: OwnRedis;
  // Each instance has its own connection, as in production.
  const links: RedisLink[] = [];
  beforeAll(async () => {
    redisServer = await startOwnRedis();
    for (let instance = 0; instance < 2; instance += 1) links.push(connectRedis(redisServer.url, createLogger('silent')));
    await vi.waitFor(() => expect(links.every((link) => link.isUp())).toBe(true), { timeout: 10_000 });
  });
  afterAll(async () => {
    for (const link of links) link.disconnect();
    await redisServer.stop();
  });
  const environment = { ORDER_RATE_LIMIT_PER_MINUTE: String(ORDERS_PER_MINUTE), STOCK_ALERT_RATE_LIMIT_PER_HOUR: String(ALERTS_PER_HOUR) };
  // After the hook above, which connects the links.
  const first = useTestShop(oneDatabaseKind, () => ({ seed: true, users: true, tool: true, redis: links[0], environment }));
  const second = useTestShop(oneDatabaseKind, () => ({ sameDatabaseAs: first, redis: links[1], environment }));

  const placeOrder = (shop: ShopFrame | typeof second, customer: TestUser) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/purchased',
      headers: bearer(customer),
      payload: suiteOrderRequest(first.tool),
    });

  it('refuses the order past the limit whichever instance the earlier ones went to, under the route\'s own key', async () => {
    const statuses: number[] = [];
    for (const shop of [first, second, first, second, first, second]) statuses.push((await placeOrder(shop, first.customer)).statusCode);
    expect(statuses).toEqual([...Array<number>(ORDERS_PER_MINUTE).fill(200), 429, 429]);

    const look = new Redis(redisServer.url);
    try {
      // Beside the sign-ins of the frame's users (per address, on /api/auth/*).
      expect(await look.keys('voltline-rate-limit:POST/api/purchased-*')).toHaveLength(1);
    } finally {
      look.disconnect();
    }
    // Another account has its own count.
    expect((await placeOrder(second, first.admin)).statusCode).toBe(200);
  });

  it('counts the back-in-stock alerts one email asks for across both instances (decision 045)', async () => {
    const tool = await freshTool(first, 0);
    const ask = (shop: ShopFrame | typeof second, remoteAddress: string) =>
      shop.app.inject({ method: 'POST', url: `/api/tools/${tool._id}/stock-alerts`, payload: { email: 'shared.limit@example.com' }, remoteAddress });
    const statuses: number[] = [];
    for (const [index, shop] of [first, second, first].entries()) statuses.push((await ask(shop, `203.0.113.${100 + index}`)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const look = new Redis(redisServer.url);
    try {
      expect(await look.keys('voltline-rate-limit:stock-alert:email:*')).toEqual(['voltline-rate-limit:stock-alert:email:shared.limit@example.com']);
    } finally {
      look.disconnect();
    }
  });
});
