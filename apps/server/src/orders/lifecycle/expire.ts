import { lt } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';
import { cancelUnpaidOrders } from './cancel.ts';
import type { LifecycleDeps } from './context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Unpaid orders older than the given number of days are cancelled by the shop itself. Returns how many. */
export const expiring =
  (deps: LifecycleDeps) =>
  (maxAgeDays: number, now = new Date()): Promise<number> => {
    const cutoff = new Date(now.getTime() - maxAgeDays * DAY_MS);
    return deps.db.transaction(async (tx) => {
      const expired = await cancelUnpaidOrders(
        deps,
        tx,
        lt(orders.createdAt, cutoff),
        { actor: null, detail: `expired: unpaid for more than ${maxAgeDays} days`, reason: `because it stayed unpaid for more than ${maxAgeDays} days` },
        now,
      );
      return expired.length;
    });
  };
