import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbTransaction } from '../../db/client.ts';
import { tools } from '../../db/schema.ts';

/**
 * Units of one tool that an order moves. Each helper below takes the units of one tool, so an
 * order of several tools moves each of them in turn (locking them in one order: tool ids sorted).
 */
export interface ToolUnits {
  toolId: string;
  quantity: number;
}

/**
 * The tool's row locked before any order of it (see index.ts). 'promise' for a transition that
 * will change the tool's counters; 'keep' for one that only may, which leaves payments of the tool
 * free meanwhile and still makes a deletion wait for it, and it for a deletion.
 */
export async function lockTool(tx: DbTransaction, toolId: string | null, intent: 'promise' | 'keep') {
  if (toolId === null) return;
  await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for(intent === 'promise' ? 'no key update' : 'key share');
}

/** The payment's promise: one conditional update, so parallel payments never promise more than the stock. */
export async function promiseUnits(tx: DbTransaction, units: ToolUnits): Promise<boolean> {
  const promised = await tx
    .update(tools)
    .set({ promisedQuantity: sql`${tools.promisedQuantity} + ${units.quantity}` })
    .where(and(eq(tools.id, units.toolId), sql`${tools.availableQuantity} - ${tools.promisedQuantity} >= ${units.quantity}`))
    .returning({ id: tools.id });
  return promised.length === 1;
}

/** A promise given back (a full refund before shipping): the units are on sale again. */
export async function releaseUnits(tx: DbTransaction, units: ToolUnits) {
  await tx
    .update(tools)
    .set({ promisedQuantity: sql`${tools.promisedQuantity} - ${units.quantity}` })
    .where(eq(tools.id, units.toolId));
}

/**
 * Shipped units leave the stock and the promise together. Conditional, so stock never goes below
 * zero: undefined when the stock does not hold them (or the tool is gone), else the tool after.
 */
export async function shipUnits(tx: DbTransaction, units: ToolUnits) {
  const [lowered] = await tx
    .update(tools)
    .set({
      availableQuantity: sql`${tools.availableQuantity} - ${units.quantity}`,
      promisedQuantity: sql`${tools.promisedQuantity} - ${units.quantity}`,
    })
    .where(and(eq(tools.id, units.toolId), sql`${tools.availableQuantity} >= ${units.quantity}`))
    .returning();
  return lowered;
}

/** How many units customers can still order and pay for; never below zero. */
export async function orderableUnits(executor: Database | DbTransaction, toolId: string): Promise<number> {
  const [tool] = await executor
    .select({ orderable: sql<number>`greatest(${tools.availableQuantity} - ${tools.promisedQuantity}, 0)::int` })
    .from(tools)
    .where(eq(tools.id, toolId));
  return tool?.orderable ?? 0;
}

/**
 * What the paid, unshipped orders of a tool hold, for the catalogue's stock edit: SQL over the
 * tools row, so the edit compares the new stock with it in the same conditional update (a payment
 * promising units at that moment cannot slip between a read and the write).
 */
export const unitsHeldByPaidOrders = () => sql<number>`${tools.promisedQuantity}`;
