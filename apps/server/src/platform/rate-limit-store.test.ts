import { describe, expect, it } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sharedOrLocalStore } from './rate-limit-store.ts';
import type { RedisLink } from './redis.ts';

// While Redis is away each instance counts on its own (shared counting: http/shared-rate-limits.test.ts).
describe('rate limits counted by one instance while Redis is away', () => {
  function awayStore() {
    let localAnswers = 0;
    const redis = { isUp: () => false, countLocalAnswer: () => void (localAnswers += 1) } as unknown as RedisLink;
    const Store = sharedOrLocalStore(redis, 'test:');
    const route = (url: string) => ({ routeInfo: { method: 'POST', url } }) as unknown as Parameters<FastifyRateLimitStore['child']>[0];
    return { root: new Store({}), route, localAnswers: () => localAnswers };
  }
  const count = (store: FastifyRateLimitStore, key: string, windowMs: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10),
    );

  it('counts a key within its window, apart for each route, and starts again when the window ends', async () => {
    const { root, route, localAnswers } = awayStore();
    const orders = root.child(route('/api/purchased'));
    const reviews = root.child(route('/api/review'));
    expect(await count(orders, 'alice', 200)).toEqual({ current: 1, ttl: 200 });
    const second = await count(orders, 'alice', 200);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(200);
    expect((await count(orders, 'bob', 200)).current).toBe(1);
    expect((await count(reviews, 'alice', 200)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await count(orders, 'alice', 200)).current).toBe(1);
    expect(localAnswers()).toBe(5);
  });
});
