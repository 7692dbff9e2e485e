import type { FastifyBaseLogger } from 'fastify';
import { everyHour } from '../platform/every-hour.ts';
import type { AdminOrdersService } from './admin-orders-service.ts';

/** Cancels stale unpaid orders at start and then every hour; returns a function that stops it. */
export function startUnpaidOrderExpiry(adminOrders: AdminOrdersService, maxAgeDays: number, log: Pick<FastifyBaseLogger, 'info' | 'error'>): () => void {
  return everyHour(() => adminOrders.cancelExpiredUnpaidOrders(maxAgeDays), log, {
    done: 'cancelled expired unpaid orders',
    failed: 'could not cancel expired unpaid orders',
    facts: { maxAgeDays },
  });
}
