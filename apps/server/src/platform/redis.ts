import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Redis is optional, at start and at run time: without REDIS_URL one instance keeps its counters
 * and caches in memory, and while a configured Redis is away every instance does the same (its own
 * counting, a local cache with a short lifetime) until it comes back. Nothing the shop sells waits
 * for Redis.
 */
export interface RedisLink {
  client: Redis;
  /** True while commands can be sent; anything that would wait for Redis asks this first. */
  isUp(): boolean;
  /** Called with true when Redis comes (back) up, false when it goes away. */
  onChange(listener: (up: boolean) => void): void;
  /** How often it was lost since the start, for the metrics. */
  outages(): number;
  /** A limit counted, or a cache kept, by this instance alone because Redis was away (metrics). */
  countLocalAnswer(): void;
  localAnswers(): number;
  disconnect(): void;
}

export function connectRedis(url: string, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): RedisLink {
  const client = new Redis(url, {
    connectTimeout: 2000,
    // A command while Redis is away fails at once instead of waiting in a queue for a reconnection:
    // callers have a local answer ready, and a request must never hang on an optional service.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // ioredis reconnects by itself, for ever; a pause of at most 2 s between attempts.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  const listeners: ((up: boolean) => void)[] = [];
  let up = false;
  let lost = 0;
  let localAnswers = 0;
  const change = (nowUp: boolean, reason?: string) => {
    if (nowUp === up) return;
    up = nowUp;
    if (nowUp) {
      log.info('Redis is reachable: limits and cache invalidation are shared by every instance');
    } else {
      lost += 1;
      log.warn(`Redis is unreachable (${reason ?? 'connection closed'}): each instance counts limits and keeps its cache on its own until it is back`);
    }
    for (const listener of listeners) listener(nowUp);
  };
  client.on('ready', () => change(true));
  // ioredis emits an error for every failed reconnection attempt: one warning per outage is enough.
  client.on('error', (error: Error) => change(false, error.message));
  client.on('close', () => change(false));
  return {
    client,
    isUp: () => up && client.status === 'ready',
    onChange: (listener) => listeners.push(listener),
    outages: () => lost,
    countLocalAnswer: () => void (localAnswers += 1),
    localAnswers: () => localAnswers,
    disconnect: () => client.disconnect(),
  };
}

/** For /api/ready: whether a configured Redis answers now. */
export async function pingRedis(redis: RedisLink | undefined): Promise<boolean> {
  if (!redis?.isUp()) return false;
  try {
    return (await redis.client.ping()) === 'PONG';
  } catch {
    return false;
  }
}
