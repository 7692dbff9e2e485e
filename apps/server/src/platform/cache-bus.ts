import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import type { RedisLink } from './redis.ts';

const CHANNEL = 'voltline:cache-invalidated';
/** The same message on PostgreSQL (LISTEN/NOTIFY) when no Redis is configured. */
const POSTGRES_CHANNEL = 'voltline_cache_invalidated';

/**
 * While Redis is away another instance's writes cannot reach this one: its cached lists are then
 * kept this long at most, so a change made elsewhere shows within seconds, not never.
 */
const CACHE_LIFETIME_WITHOUT_REDIS_MS = 5000;

/**
 * Tells every instance that cached lists are stale. With Redis, an invalidation on one instance
 * is published and each instance clears its own cache. Without Redis, instances on one PostgreSQL
 * tell each other through it (NOTIFY), so a tool edited on one never stays stale on another; on
 * the embedded database there is only this process.
 */
export interface CacheBus {
  publish(): void;
  onInvalidated(listener: () => void): void;
  close(): Promise<void>;
}

export function createCacheBus(redis: RedisLink | undefined, log: Pick<FastifyBaseLogger, 'warn'>, database?: Pick<DatabaseHandle, 'kind' | 'db' | 'listen'>): CacheBus {
  const listeners: (() => void)[] = [];
  const invalidateLocally = () => {
    for (const listener of listeners) listener();
  };
  if (!redis && database?.kind === 'postgres') return postgresCacheBus(database, log, listeners, invalidateLocally);
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

/**
 * The bus over PostgreSQL, for instances sharing one database without Redis. The listening
 * connection is the database handle's own (closed with it); while it is down, messages may be
 * missed, so the caches are cleared when it is back and every few seconds meanwhile, as when
 * Redis is away.
 */
function postgresCacheBus(
  database: Pick<DatabaseHandle, 'db' | 'listen'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  listeners: (() => void)[],
  invalidateLocally: () => void,
): CacheBus {
  let expiring: NodeJS.Timeout | undefined;
  database.listen(POSTGRES_CHANNEL, {
    onMessage: invalidateLocally,
    onListening(listening) {
      clearInterval(expiring);
      expiring = undefined;
      invalidateLocally();
      if (!listening) expiring = setInterval(invalidateLocally, CACHE_LIFETIME_WITHOUT_REDIS_MS).unref();
    },
  });
  return {
    publish() {
      database.db.execute(sql`select pg_notify(${POSTGRES_CHANNEL}, '')`).catch((error: unknown) => log.warn({ err: error }, 'could not publish a cache invalidation'));
    },
    onInvalidated: (listener) => listeners.push(listener),
    close: async () => clearInterval(expiring),
  };
}
