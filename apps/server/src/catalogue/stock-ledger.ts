import { and, eq, sql } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import { STOCK_VERIFY_LIMIT, type StockDifference, type StockHistoryQuery, type StockMove, type StockMoveAnswer, type StockMoveRequest } from '@voltline/shared/stock-moves';
import type { Database, DbExecutor } from '../db/client.ts';
import { stockMovements, tools, userProfiles } from '../db/schema.ts';
import { notFound } from '../platform/app-error.ts';
import { mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';
import type { Actor, OrderLifecycle } from '../orders/lifecycle/index.ts';

type MovementRow = typeof stockMovements.$inferSelect;

/** A tool's history, newest first, paged on (created_at, id): the index on (tool_id, created_at desc, id desc) serves it. */
const historyOrder: KeysetOrder = { key: stockMovements.createdAt, keyType: 'timestamptz', id: stockMovements.id, idType: 'uuid', direction: 'desc' };

/** A movement as the API answers it; `name` is the recorder's name now (their email is the movement's own copy). */
function toStockMove(row: MovementRow, name: string | null): StockMove {
  return {
    _id: row.id,
    kind: row.kind,
    units: row.units,
    levelAfter: row.levelAfter,
    note: row.note,
    by: row.actorUserId === null ? null : { userId: row.actorUserId, email: row.actorEmail ?? '', name },
    orderId: row.orderId,
    at: row.createdAt.toISOString(),
  };
}

/**
 * The tools whose stock is not the sum of their movements (decision 041), at most STOCK_VERIFY_LIMIT:
 * one aggregate in the database, answering only the differing tools, so a shop of a million
 * movements is checked without reading them into the server.
 */
export async function stockDifferences(executor: DbExecutor): Promise<StockDifference[]> {
  const ledger = executor
    .select({ toolId: stockMovements.toolId, units: sql<string>`sum(${stockMovements.units})`.as('units') })
    .from(stockMovements)
    .groupBy(stockMovements.toolId)
    .as('ledger');
  const rows = await executor
    .select({
      toolId: tools.id,
      toolName: tools.toolName,
      availableQuantity: tools.availableQuantity,
      ledgerQuantity: sql<string>`coalesce(${ledger.units}, 0)::bigint`,
    })
    .from(tools)
    .leftJoin(ledger, eq(ledger.toolId, tools.id))
    .where(sql`${tools.availableQuantity} <> coalesce(${ledger.units}, 0)`)
    .orderBy(tools.toolName)
    .limit(STOCK_VERIFY_LIMIT);
  return rows.map((row) => ({ ...row, ledgerQuantity: Number(row.ledgerQuantity) }));
}

/** Stock as a ledger on Manage Tools: admins' movements (written by the order lifecycle), a tool's history, the check. */
export function createStockLedger(db: Database, paging: Paging, lifecycle: Pick<OrderLifecycle, 'recordStockMove'>) {
  async function existingTool(toolId: string): Promise<string> {
    const id = entityIdSchema.safeParse(toolId);
    if (!id.success) throw notFound('Tool not found');
    const [tool] = await db.select({ id: tools.id }).from(tools).where(eq(tools.id, id.data));
    if (!tool) throw notFound('Tool not found');
    return tool.id;
  }

  return {
    /** POST /admin/tools/{id}/stock-moves: a receipt, a count or a scrap, by the calling admin. */
    async record(admin: NonNullable<Actor> & { name: string }, toolId: string, request: StockMoveRequest): Promise<StockMoveAnswer> {
      const { movement, availableQuantity } = await lifecycle.recordStockMove(admin, toolId, request);
      return { move: movement && toStockMove(movement, admin.name), availableQuantity };
    },

    /** GET /admin/tools/{id}/stock-moves: newest first, one kind if asked, each with the level after it. */
    async history(toolId: string, query: StockHistoryQuery): Promise<Page<StockMove>> {
      const id = await existingTool(toolId);
      const page = paging.page({ list: `stock-moves:${id}`, order: historyOrder, scope: { kind: query.kind }, query: { ...query, q: undefined } });
      const select = db
        .select({ movement: stockMovements, name: userProfiles.name, cursorKey: page.cursorKey })
        .from(stockMovements)
        .leftJoin(userProfiles, eq(userProfiles.userId, stockMovements.actorUserId))
        .$dynamic();
      const ofKind = query.kind === undefined ? undefined : eq(stockMovements.kind, query.kind);
      return mapPage(await page.read(select, and(eq(stockMovements.toolId, id), ofKind), (row) => row.movement.id), (row) => toStockMove(row.movement, row.name));
    },

    /** GET /admin/stock/verify. */
    verify: () => stockDifferences(db),
  };
}
export type StockLedger = ReturnType<typeof createStockLedger>;
