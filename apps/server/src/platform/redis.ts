import { Redis } from 'ioredis';

/**
 * Redis is optional: without REDIS_URL one instance keeps its counters and caches in memory.
 * Commands fail fast instead of queueing while Redis is away, so a request never hangs on it.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}

export async function pingRedis(redis: Redis | undefined): Promise<boolean> {
  if (!redis) return true;
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}
