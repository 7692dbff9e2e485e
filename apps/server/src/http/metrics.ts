import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client.ts';
import type { CallerGuards } from '../identity/caller.ts';
import type { RedisLink } from '../platform/redis.ts';
import type { Backups } from '../platform/backups/backups.ts';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics: request counts and latencies per route, database pool use, and Node's own
 * (heap, event loop). Readable by admins, or by a scraper holding METRICS_TOKEN.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; guards: CallerGuards; metricsToken: string | undefined; redis: RedisLink | undefined; backups: Pick<Backups, 'status'> },
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'voltline_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'voltline_http_request_duration_seconds',
    help: 'Time to answer, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: 'voltline_db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on PGlite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = deps.database.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  new Gauge({
    name: 'voltline_backup_last_success_timestamp',
    help: 'When the newest successful backup was taken, in seconds since 1970 (absent before the first); alert when it is older than BACKUP_EVERY and a little',
    registers: [registry],
    collect() {
      const lastSuccess = deps.backups.status().lastSuccess;
      if (lastSuccess) this.set(Date.parse(lastSuccess.takenAt) / 1000);
    },
  });
  new Gauge({
    name: 'voltline_backup_last_attempt_succeeded',
    help: 'Whether the last backup this shop tried succeeded (1) or failed (0); absent before the first',
    registers: [registry],
    collect() {
      const lastAttempt = deps.backups.status().lastAttempt;
      if (lastAttempt) this.set(lastAttempt.ok ? 1 : 0);
    },
  });

  const { redis } = deps;
  if (redis) {
    new Gauge({
      name: 'voltline_redis_up',
      help: 'Whether the configured Redis answers (1) or each instance counts limits and keeps caches on its own (0)',
      registers: [registry],
      collect() {
        this.set(redis.isUp() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'voltline_redis_outages',
      help: 'Times Redis was lost since this instance started',
      registers: [registry],
      collect() {
        this.set(redis.outages());
      },
    });
    new Gauge({
      name: 'voltline_redis_local_answers',
      help: 'Limits counted and cache lifetimes kept by this instance alone because Redis was away, since it started',
      registers: [registry],
      collect() {
        this.set(redis.localAnswers());
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the URL: ids would make every order its own time series.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  async function allowScraper(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization ?? '';
    if (deps.metricsToken && sameSecret(header, `Bearer ${deps.metricsToken}`)) return;
    await deps.guards.requireAdmin(request);
  }

  app.get('/api/metrics', { schema: { hide: true }, preHandler: allowScraper }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

