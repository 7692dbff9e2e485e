import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import type { RedisLink } from './redis.ts';

type Counted = { current: number; ttl: number };
type Answer = (error: Error | null, result?: Counted) => void;

/**
 * One count in a fixed window, atomically: the first count starts the window (its expiry), later
 * ones tell how long it has left. A key somehow left without an expiry gets one, so no count
 * outlives its window.
 */
const COUNT_IN_WINDOW = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/** Keys an instance counts on its own while Redis is away, per route: the plugin's own default. */
const LOCAL_KEYS_PER_ROUTE = 5000;

/**
 * Counts in Redis while it answers, so a limit holds across every instance; while it is away each
 * instance counts on its own (a limit is then per instance, looser by the number of instances but
 * never gone), and a request is never refused or held up because Redis is. A store through the
 * plugin's public `store` option (a class with `incr` and `child`): its own Redis and memory stores
 * are files the package does not export.
 */
class SharedOrLocalCounts implements FastifyRateLimitStore {
  // Counters of this instance alone, each forgotten when its window ends.
  private readonly local: LRUCache<string, { current: number }>;

  constructor(
    private readonly redis: RedisLink,
    private readonly keyPrefix: string,
  ) {
    this.local = new LRUCache({ max: LOCAL_KEYS_PER_ROUTE });
  }

  incr(key: string, answer: Answer, timeWindow: number): void {
    // lru-cache takes a ttl of 0 as "for ever".
    const windowMs = Math.max(1, Math.trunc(timeWindow));
    if (!this.redis.isUp()) return this.countLocally(key, answer, windowMs);
    // Redis can drop between the check and the answer: that count is made here instead.
    this.redis.client.eval(COUNT_IN_WINDOW, 1, this.keyPrefix + key, windowMs).then(
      (result) => {
        const [current, ttl] = result as [number, number];
        answer(null, { current, ttl });
      },
      () => this.countLocally(key, answer, windowMs),
    );
  }

  /**
   * The count as it stands, counting nothing (a limit checked before the work it counts: the
   * plugin's `increment: false`): 0 once the window has ended or before anything was counted.
   */
  read(key: string, answer: Answer): void {
    const readLocally = () => {
      const counter = this.local.get(key);
      answer(null, counter ? { current: counter.current, ttl: Math.max(0, Math.ceil(this.local.getRemainingTTL(key))) } : { current: 0, ttl: 0 });
    };
    if (!this.redis.isUp()) return readLocally();
    const shared = this.keyPrefix + key;
    this.redis.client
      .multi()
      .get(shared)
      .pttl(shared)
      .exec()
      .then((results) => {
        if (!results || results.some(([error]) => error)) return readLocally();
        const current = Number(results[0]![1] ?? 0);
        const ttl = Number(results[1]![1]);
        answer(null, current > 0 && ttl > 0 ? { current, ttl } : { current: 0, ttl: 0 });
      }, readLocally);
  }

  private countLocally(key: string, answer: Answer, windowMs: number): void {
    this.redis.countLocalAnswer();
    const counter = this.local.get(key);
    if (!counter) {
      this.local.set(key, { current: 1 }, { ttl: windowMs });
      return answer(null, { current: 1, ttl: windowMs });
    }
    counter.current += 1;
    answer(null, { current: counter.current, ttl: Math.max(0, Math.ceil(this.local.getRemainingTTL(key))) });
  }

  /**
   * A route's own limit counts apart from every other (`routeInfo`: the route the plugin documents
   * it passes); a limit made with createRateLimit has no route and counts under its keys alone.
   */
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
    const routeKey = route?.method && route.url ? `${route.method}${route.url}-` : '';
    return new SharedOrLocalCounts(this.redis, this.keyPrefix + routeKey);
  }
}

/** The store class @fastify/rate-limit builds from its options (`store`), bound to the shop's Redis. */
export function sharedOrLocalStore(redis: RedisLink, keyPrefix: string): FastifyRateLimitStoreCtor {
  return class extends SharedOrLocalCounts {
    // The plugin hands its settings too; every limit's own are in http/rate-limits.ts.
    constructor() {
      super(redis, keyPrefix);
    }
  };
}
