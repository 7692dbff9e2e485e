import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

const CHANNEL = 'voltline:cache-invalidated';

/**
 * Tells every instance that cached lists are stale. With Redis, an invalidation on one instance
 * is published and each instance clears its own cache; without it there is only this process.
 */
export interface CacheBus {
  publish(): void;
  onInvalidated(listener: () => void): void;
  close(): Promise<void>;
}

export function createCacheBus(redis: Redis | undefined, log: Pick<FastifyBaseLogger, 'warn'>): CacheBus {
  const listeners: (() => void)[] = [];
  if (!redis) {
    return { publish: () => {}, onInvalidated: (listener) => listeners.push(listener), close: async () => {} };
  }
  const subscriber = redis.duplicate();
  void subscriber.subscribe(CHANNEL).catch((error: unknown) => log.warn({ err: error }, 'cache invalidation channel unavailable'));
  subscriber.on('message', (channel) => {
    if (channel === CHANNEL) for (const listener of listeners) listener();
  });
  return {
    publish() {
      redis.publish(CHANNEL, String(Date.now())).catch((error: unknown) => log.warn({ err: error }, 'could not publish a cache invalidation'));
    },
    onInvalidated: (listener) => listeners.push(listener),
    close: async () => {
      subscriber.disconnect();
    },
  };
}
