import type { FastifyBaseLogger } from 'fastify';
import type { RedisLink } from './redis.ts';

const CHANNEL = 'voltline:cache-invalidated';

/**
 * While Redis is away another instance's writes cannot reach this one: its cached lists are then
 * kept this long at most, so a change made elsewhere shows within seconds, not never.
 */
const CACHE_LIFETIME_WITHOUT_REDIS_MS = 5000;

/**
 * Tells every instance that cached lists are stale. With Redis, an invalidation on one instance
 * is published and each instance clears its own cache; without it there is only this process.
 */
export interface CacheBus {
  publish(): void;
  onInvalidated(listener: () => void): void;
  close(): Promise<void>;
}

export function createCacheBus(redis: RedisLink | undefined, log: Pick<FastifyBaseLogger, 'warn'>): CacheBus {
  const listeners: (() => void)[] = [];
  const invalidateLocally = () => {
    for (const listener of listeners) listener();
  };
  if (!redis) {
    return { publish: () => {}, onInvalidated: (listener) => listeners.push(listener), close: async () => {} };
  }
  // A connection of its own: a subscribed connection can do nothing else. It subscribes whenever it
  // (re)connects, and clears the cache then too, for the invalidations published while it was away.
  const subscriber = redis.client.duplicate();
  subscriber.on('error', () => {}); // the main connection reports the outage
  subscriber.on('ready', () => {
    invalidateLocally();
    subscriber.subscribe(CHANNEL).catch((error: unknown) => log.warn({ err: error }, 'cache invalidation channel unavailable'));
  });
  subscriber.on('message', (channel) => {
    if (channel === CHANNEL) invalidateLocally();
  });
  let expiring: NodeJS.Timeout | undefined;
  redis.onChange((up) => {
    clearInterval(expiring);
    expiring = undefined;
    if (!up) {
      expiring = setInterval(() => {
        redis.countLocalAnswer();
        invalidateLocally();
      }, CACHE_LIFETIME_WITHOUT_REDIS_MS).unref();
    }
  });
  return {
    publish() {
      if (!redis.isUp()) return; // nobody to tell: the others expire their caches on their own meanwhile
      redis.client.publish(CHANNEL, String(Date.now())).catch((error: unknown) => log.warn({ err: error }, 'could not publish a cache invalidation'));
    },
    onInvalidated: (listener) => listeners.push(listener),
    close: async () => {
      clearInterval(expiring);
      subscriber.disconnect();
    },
  };
}
