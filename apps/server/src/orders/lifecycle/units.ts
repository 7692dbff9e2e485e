import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor, DbTransaction } from '../../db/client.ts';
import { orderLines, orders, tools } from '../../db/schema.ts';

/**
 * Units of one tool that an order moves. Each helper below takes the units of one tool, so an
 * order of several tools moves each of them in turn (locking them in one order: tool ids sorted).
 */
export interface ToolUnits {
  toolId: string;
  quantity: number;
}

/** An order's units, a tool at a time: what its verbs lock, promise, ship and free. */
export interface OrderUnits {
  /** Lines of one tool counted together, sorted by tool id: the order every verb locks them in. */
  tools: (ToolUnits & { product: string })[];
  /** Lines whose tool was deleted: no stock left to promise, none to move when shipped. */
  withdrawn: number;
}

/** The units an order's lines hold, by tool. Lines never change after placement, so they are read without a lock. */
export async function unitsOfOrder(executor: DbExecutor, orderId: string): Promise<OrderUnits> {
  const rows = await executor
    .select({ toolId: orderLines.toolId, quantity: sql<number>`sum(${orderLines.quantity})::int`, product: sql<string>`min(${orderLines.product})` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .groupBy(orderLines.toolId)
    .orderBy(asc(orderLines.toolId));
  const held = rows.filter((row): row is typeof row & { toolId: string } => row.toolId !== null);
  return { tools: held, withdrawn: rows.length - held.length };
}

/** lockTool for each tool of an order, in tool id order, so two orders sharing tools never wait on each other in a circle. */
export async function lockTools(tx: DbTransaction, units: OrderUnits, intent: 'promise' | 'keep') {
  for (const tool of units.tools) await lockTool(tx, tool.toolId, intent);
}

/**
 * Every tool's units promised, or none: the tool that could not be promised (its earlier tools'
 * promises given back), or undefined when all were.
 */
export async function promiseAll(tx: DbTransaction, units: OrderUnits): Promise<string | undefined> {
  const promised: ToolUnits[] = [];
  for (const tool of units.tools) {
    if (!(await promiseUnits(tx, tool))) {
      for (const given of promised) await releaseUnits(tx, given);
      return tool.toolId;
    }
    promised.push(tool);
  }
  return undefined;
}

/** The tools of an order whose lines' units are not all orderable now, with what is left of each. */
export async function shortOf(executor: DbExecutor, units: OrderUnits): Promise<{ toolId: string; product: string; orderable: number } | undefined> {
  for (const tool of units.tools) {
    const orderable = await orderableUnits(executor, tool.toolId);
    if (orderable < tool.quantity) return { toolId: tool.toolId, product: tool.product, orderable };
  }
  return undefined;
}

/** The orders with a line of the tool, as SQL for a where clause on `orders`. */
export const ordersHoldingTool = (toolId: string) =>
  sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.toolId} = ${toolId})`;

/**
 * The tool's row locked before any order of it (see index.ts). 'promise' for a transition that
 * will change the tool's counters; 'keep' for one that only may, which leaves payments of the tool
 * free meanwhile and still makes a deletion wait for it, and it for a deletion.
 */
async function lockTool(tx: DbTransaction, toolId: string | null, intent: 'promise' | 'keep') {
  if (toolId === null) return;
  await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for(intent === 'promise' ? 'no key update' : 'key share');
}

/** The payment's promise: one conditional update, so parallel payments never promise more than the stock. */
async function promiseUnits(tx: DbTransaction, units: ToolUnits): Promise<boolean> {
  const promised = await tx
    .update(tools)
    .set({ promisedQuantity: sql`${tools.promisedQuantity} + ${units.quantity}` })
    .where(and(eq(tools.id, units.toolId), sql`${tools.availableQuantity} - ${tools.promisedQuantity} >= ${units.quantity}`))
    .returning({ id: tools.id });
  return promised.length === 1;
}

/** A promise given back (a full refund before shipping): the units are on sale again. */
export async function releaseUnits(tx: DbTransaction, units: ToolUnits) {
  const [tool] = await tx
    .update(tools)
    .set({ promisedQuantity: sql`${tools.promisedQuantity} - ${units.quantity}` })
    .where(eq(tools.id, units.toolId))
    .returning();
  return tool && { tool, before: { ...tool, promisedQuantity: tool.promisedQuantity + units.quantity } };
}

/**
 * What customers can still order and pay for: the stock not promised to paid orders not yet
 * shipped, never below zero (a count after a loss may leave less than is promised). The one rule,
 * in SQL over the tools row for every statement that reads or checks it, and in the process for a
 * row already read (the catalogue's answer).
 */
export const orderableUnitsSql = sql<number>`greatest(${tools.availableQuantity} - ${tools.promisedQuantity}, 0)::int`;
export const orderableUnitsOf = (tool: { availableQuantity: number; promisedQuantity: number }) => Math.max(tool.availableQuantity - tool.promisedQuantity, 0);

/**
 * The bounds of quantityBreach (packages/shared/src/order-rules.ts) that a tools row decides, in
 * SQL, for a statement that checks the row as it stands when locked: at least its minimum, at most
 * what can still be ordered. One card payment's bound needs the priced total (pastOnePayment).
 * A test holds the two to the same answers (quantity-bounds.test.ts).
 */
export const quantityWithinBoundsSql = (quantity: number) => sql<boolean>`${quantity}::int between ${tools.minimumOrderQuantity} and ${orderableUnitsSql}`;

/** The counters of a tool's row that say whether customers can order it. */
export type ToolLevels = { availableQuantity: number; promisedQuantity: number; minimumOrderQuantity: number };

/**
 * Customers can order it: at least its minimum is orderable. Below that the tool page says Out of
 * stock (isOutOfStock in @voltline/shared/stock, the same rule over the API's fields) and offers
 * the back-in-stock alert.
 */
export const isOrderable = (tool: ToolLevels) => orderableUnitsOf(tool) >= tool.minimumOrderQuantity;

/** The tool's counters with its row locked, as a change of them (the tool edit) starts; undefined for no such tool. */
export async function lockStockLevels(tx: DbTransaction, toolId: string): Promise<ToolLevels | undefined> {
  const [tool] = await tx
    .select({ availableQuantity: tools.availableQuantity, promisedQuantity: tools.promisedQuantity, minimumOrderQuantity: tools.minimumOrderQuantity })
    .from(tools)
    .where(eq(tools.id, toolId))
    .for('no key update');
  return tool;
}

/** How many units customers can still order and pay for (orderableUnitsSql). */
export async function orderableUnits(executor: Database | DbTransaction, toolId: string): Promise<number> {
  const [tool] = await executor
    .select({ orderable: orderableUnitsSql })
    .from(tools)
    .where(eq(tools.id, toolId));
  return tool?.orderable ?? 0;
}
