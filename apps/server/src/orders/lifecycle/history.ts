import type { DbTransaction } from '../../db/client.ts';
import { orderEvents } from '../../db/schema.ts';
import type { Actor } from './context.ts';

type OrderEventType = (typeof orderEvents.$inferInsert)['type'];

/** An order's history row: what happened, who did it (null: the shop itself) and the details. */
export async function recordHistory(tx: DbTransaction, orderId: string, type: OrderEventType, actor: Actor, detail: string, at = new Date()) {
  await tx.insert(orderEvents).values({ orderId, type, actorUserId: actor?.userId ?? null, actorEmail: actor?.email ?? null, detail, at });
}
