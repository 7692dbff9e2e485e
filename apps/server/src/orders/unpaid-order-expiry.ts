import type { FastifyBaseLogger } from 'fastify';
import type { AdminOrdersService } from './admin-orders-service.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Cancels stale unpaid orders at start and then every hour; returns a function that stops it. */
export function startUnpaidOrderExpiry(adminOrders: AdminOrdersService, maxAgeDays: number, log: Pick<FastifyBaseLogger, 'info' | 'error'>): () => void {
  const run = () =>
    adminOrders
      .cancelExpiredUnpaidOrders(maxAgeDays)
      .then((count) => count > 0 && log.info({ count, maxAgeDays }, 'cancelled expired unpaid orders'))
      .catch((error: unknown) => log.error({ err: error }, 'could not cancel expired unpaid orders'));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
