import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisLink } from './redis.ts';

type Counted = { current: number; ttl: number };
type StoreCallback = (error: Error | null, result?: Counted) => void;
interface LibraryStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): LibraryStore;
}

// The plugin's own two stores (it exports neither): the same counting, in Redis and in memory.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: RedisLink['client'],
  nameSpace: string,
) => LibraryStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => LibraryStore;

/**
 * Counts in Redis while it answers, so a limit holds across every instance; while it is away each
 * instance counts on its own (a limit is then per instance, looser by the number of instances but
 * never gone), and a request is never refused or held up because Redis is.
 */
class SharedOrLocalStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: RedisLink,
    private readonly shared: LibraryStore,
    private readonly local: LibraryStore,
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    const countLocally = () => {
      this.redis.countLocalAnswer();
      this.local.incr(key, callback, timeWindow, max);
    };
    if (!this.redis.isUp()) return countLocally();
    // Redis can drop between the check and the answer: that command is counted here instead.
    this.shared.incr(key, (error, result) => (error ? countLocally() : callback(null, result)), timeWindow, max);
  }

  /** The count as it stands, counting nothing (a limit checked before the work it counts: `increment: false`). */
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    const readLocally = () => this.local.read(key, callback, timeWindow, max);
    if (!this.redis.isUp()) return readLocally();
    this.shared.read(key, (error, result) => (error ? readLocally() : callback(null, result)), timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new SharedOrLocalStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The store class @fastify/rate-limit builds from its options (`store`), bound to the shop's Redis. */
export function sharedOrLocalStore(redis: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends SharedOrLocalStore {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin hands its global settings, as it does to its own stores.
      const settings = options as { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };
      const continueExceeding = settings.continueExceeding ?? false;
      const exponentialBackoff = settings.exponentialBackoff ?? false;
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis.client, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, settings.cache),
      );
    }
  };
}
