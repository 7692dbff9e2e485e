import { and, eq, inArray, sql } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import { stockBelowPromisedMessage } from '@voltline/shared/tool';
import { stockMoveMessages, type StockMoveKind, type StockMoveRequest } from '@voltline/shared/stock-moves';
import type { DbTransaction } from '../../db/client.ts';
import { stockMovements, tools } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import type { Actor, LifecycleDeps } from './context.ts';
import { isOrderable, type ToolLevels } from './units.ts';
import { recordAudit } from '../../audit/audit-log.ts';

/** One change of a tool's stock, as moveStock records it. */
export interface StockMoveInput {
  toolId: string;
  kind: StockMoveKind;
  /** + into the stock, - out of it. */
  units: number;
  note?: string;
  actor: Actor;
  orderId?: string;
  /** A shipment: its units leave the promise to paid orders with the stock. */
  fulfilsPromise?: boolean;
  /** An admin's move: refused when it would lower the stock below what paid orders wait for. */
  keepsPromises?: boolean;
}

export type StockMovementRow = typeof stockMovements.$inferSelect;
type ToolRow = typeof tools.$inferSelect;

/**
 * What a change of a tool's stock, promise or minimum tells, in its transaction, judged from the
 * tool's row before and after it while the change holds the row's lock (decision 045): the low
 * stock webhook and mail once when the stock falls below the minimum, and the back-in-stock mail of
 * every open alert once when customers can order the tool again (not orderable before, orderable
 * after). Two changes of one tool wait for each other on that lock, so only one of them sees the
 * crossing; closing the alerts is itself conditional (stock-alerts/), so a mail is never written twice.
 */
export async function stockSettled(deps: Pick<LifecycleDeps, 'notifier' | 'restockAlerts'>, tx: DbTransaction, tool: ToolRow, before: ToolLevels) {
  await deps.notifier.stockChanged(tx, tool, before);
  if (!isOrderable(before) && isOrderable(tool)) await deps.restockAlerts.toolBack(tx, tool);
}

/**
 * The one writer of tools.available_quantity (decision 041): the level changes by one conditional
 * update (never below zero, and for an admin's move never below the promised units when it
 * lowers them), and the movement is written with the level after it, in the caller's transaction.
 * undefined when the condition refused the move or the tool is gone; nothing is written then.
 * The movement's time is the clock's after the tool's row is locked by the update, so movements
 * of one tool are in the order their transactions held it (now() would be each transaction's start).
 */
export async function moveStock(tx: DbTransaction, move: StockMoveInput): Promise<{ tool: ToolRow; movement: StockMovementRow; before: ToolLevels } | undefined> {
  const [tool] = await tx
    .update(tools)
    .set({
      availableQuantity: sql`${tools.availableQuantity} + ${move.units}`,
      ...(move.fulfilsPromise ? { promisedQuantity: sql`${tools.promisedQuantity} + ${move.units}` } : {}),
    })
    .where(
      and(
        eq(tools.id, move.toolId),
        sql`${tools.availableQuantity} + ${move.units} >= 0`,
        move.keepsPromises && move.units < 0 ? sql`${tools.availableQuantity} + ${move.units} >= ${tools.promisedQuantity}` : undefined,
      ),
    )
    .returning();
  if (!tool) return undefined;
  const [movement] = await tx
    .insert(stockMovements)
    .values({
      toolId: tool.id,
      kind: move.kind,
      units: move.units,
      levelAfter: tool.availableQuantity,
      note: move.note ?? '',
      actorUserId: move.actor?.userId ?? null,
      actorEmail: move.actor?.email ?? null,
      orderId: move.orderId ?? null,
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  // The row as it was, from the one update that changed it: what stockSettled judges the change by.
  const before = { ...tool, availableQuantity: tool.availableQuantity - move.units, promisedQuantity: tool.promisedQuantity - (move.fulfilsPromise ? move.units : 0) };
  return { tool, movement: movement!, before };
}

/**
 * An admin's receipt, count or scrap of a tool, in the caller's transaction (the spec's tool edit
 * records its count in its own). The tool's row is locked first, so a count works out its units
 * from the level no shipment can change before the move, and a refusal names the units as they are.
 * A count that finds the stock as it is records nothing (a movement of 0 says nothing) and answers
 * the level. `settle: false` leaves stockSettled to the caller: the tool edit changes the minimum
 * too, and judges the two together.
 */
export async function adjustStock(
  deps: Pick<LifecycleDeps, 'notifier' | 'restockAlerts'>,
  tx: DbTransaction,
  admin: NonNullable<Actor>,
  toolId: string,
  request: StockMoveRequest,
  { settle = true }: { settle?: boolean } = {},
) {
  const id = entityIdSchema.safeParse(toolId);
  if (!id.success) throw notFound('Tool not found');
  const [current] = await tx
    .select({ available: tools.availableQuantity, promised: tools.promisedQuantity })
    .from(tools)
    .where(eq(tools.id, id.data))
    .for('no key update');
  if (!current) throw notFound('Tool not found');
  const units = request.kind === 'counted' ? request.countedUnits - current.available : request.kind === 'received' ? request.units : -request.units;
  if (units === 0) return { movement: null, availableQuantity: current.available };
  const after = current.available + units;
  if (after < 0) throw new AppError('conflict', stockMoveMessages.belowZero(current.available));
  if (units < 0 && after < current.promised) throw new AppError('conflict', stockBelowPromisedMessage(current.promised));
  const moved = await moveStock(tx, { toolId: id.data, kind: request.kind, units, note: request.note, actor: admin, keepsPromises: true });
  // The row is locked and the conditions were checked on it: a refusal here is a broken invariant, not a race.
  if (!moved) throw new Error(`stock move of tool ${id.data} refused under its lock`);
  if (settle) await stockSettled(deps, tx, moved.tool, moved.before);
  return { movement: moved.movement, availableQuantity: moved.tool.availableQuantity };
}

/** POST /admin/tools/{id}/stock-moves: adjustStock in a transaction of its own. */
export const recordingStockMove =
  (deps: LifecycleDeps) =>
  async (admin: NonNullable<Actor>, toolId: string, request: StockMoveRequest) => {
    const result = await deps.db.transaction(async (tx) => {
      const moved = await adjustStock(deps, tx, admin, toolId, request);
      // The ledger keeps every movement (decision 041); the audit log says who moved it and from where.
      if (moved.movement) {
        const { movement } = moved;
        await recordAudit(tx, {
          actor: admin,
          kind: 'stock',
          action: request.kind,
          subject: movement.toolId,
          before: { availableQuantity: movement.levelAfter - movement.units },
          after: { availableQuantity: movement.levelAfter, units: movement.units, note: movement.note, movementId: movement.id },
        });
      }
      return moved;
    });
    if (result.movement) deps.catalogueCache.invalidate();
    return result;
  };

/** A tool's stock as a catalogue import sets it: counted, or a new tool's opening stock. */
export interface StockLevel {
  toolId: string;
  units: number;
  opening: boolean;
}

/**
 * Many tools' stock at once in the caller's transaction (a catalogue import, decision 053): a
 * counted level (the difference is the movement, refused below what paid orders were promised, as
 * an admin's count is) or a new tool's opening stock, set by one update and recorded by one insert
 * of their movements, so 5,000 tools take two statements rather than 15,000. The tools' rows are
 * locked here, as adjustStock locks one; the caller judges stockSettled on the rows answered.
 */
export async function setStockLevels(tx: DbTransaction, admin: NonNullable<Actor>, levels: StockLevel[], note: string): Promise<ToolRow[]> {
  if (levels.length === 0) return [];
  const current = await tx
    .select({ id: tools.id, toolName: tools.toolName, available: tools.availableQuantity, promised: tools.promisedQuantity })
    .from(tools)
    .where(inArray(tools.id, levels.map((level) => level.toolId)))
    .orderBy(tools.id)
    .for('no key update');
  const byId = new Map(current.map((tool) => [tool.id, tool]));
  const moves = levels.flatMap((level) => {
    const tool = byId.get(level.toolId);
    if (!tool) throw notFound('Tool not found');
    const units = level.units - tool.available;
    if (units < 0 && level.units < tool.promised) throw new AppError('conflict', `${tool.toolName}: ${stockBelowPromisedMessage(tool.promised)}`);
    // A count equal to the stock records nothing; a new tool's opening is recorded even at 0 (addTool's rule).
    return units === 0 && !level.opening ? [] : [{ ...level, units, levelAfter: level.units }];
  });
  if (moves.length === 0) return [];
  const rows = JSON.stringify(moves.map((move) => ({ id: move.toolId, level: move.levelAfter })));
  const changed = await tx
    .update(tools)
    .set({ availableQuantity: sql`levels.level` })
    .from(sql`jsonb_to_recordset(${rows}::jsonb) as levels(id uuid, level integer)`)
    .where(sql`${tools.id} = levels.id`)
    .returning();
  await tx.insert(stockMovements).values(
    moves.map((move) => ({
      toolId: move.toolId,
      kind: move.opening ? ('opening' as const) : ('counted' as const),
      units: move.opening ? move.levelAfter : move.units,
      levelAfter: move.levelAfter,
      note,
      actorUserId: admin.userId,
      actorEmail: admin.email,
      createdAt: sql`clock_timestamp()`,
    })),
  );
  return changed as ToolRow[];
}
