import { and, eq, sql } from 'drizzle-orm';
import type { PageQuery } from '@voltline/shared/paging';
import { ACCESSORIES_ON_PAGE, familyMessages, type AccessoryKind, type FittingTool } from '@voltline/shared/families';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import type { Database, DbExecutor } from '../db/client.ts';
import { toolAccessories, tools } from '../db/schema.ts';
import { AppError, idOrNotFound, notFound } from '../platform/app-error.ts';
import type { JsonCache } from '../platform/cached-json.ts';
import { mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';
import { toToolDto } from './tool-dto.ts';

/** Fitting tools by name: a tool's links are found by the key (or the reverse index), then sorted; a tool has few. */
const byName: KeysetOrder = { key: sql`lower(${tools.toolName})`, keyType: 'text', id: tools.id, idType: 'uuid', direction: 'asc' };

/** The two ways a link is read: what fits a tool (its accessories), and the tools an accessory fits. */
const DIRECTIONS = {
  accessories: { from: toolAccessories.toolId, to: toolAccessories.accessoryId },
  fits: { from: toolAccessories.accessoryId, to: toolAccessories.toolId },
} as const;
type Direction = keyof typeof DIRECTIONS;

/**
 * Accessories and spare parts (issue 40, item 7; decision 052): a link between two tools, with its
 * kind. Both ends stay tools of their own, bought as any tool is.
 */
export function createAccessoriesService(db: Database, cache: JsonCache, paging: Paging) {
  /** One page of the tools linked to `toolId` in `direction`, by name. */
  async function linked(executor: DbExecutor, direction: Direction, toolId: string, query: PageQuery): Promise<Page<FittingTool>> {
    const { from, to } = DIRECTIONS[direction];
    const page = paging.page({ list: `tool-${direction}`, order: byName, scope: { toolId }, query });
    const select = executor.select({ tool: tools, kind: toolAccessories.kind, cursorKey: page.cursorKey }).from(toolAccessories).innerJoin(tools, eq(tools.id, to)).$dynamic();
    return mapPage(await page.read(select, eq(from, toolId), (row) => row.tool.id), (row) => ({ kind: row.kind, tool: toToolDto(row.tool) }));
  }

  /** The first page of a direction as the tool page shows it: `more` when another page follows. */
  async function firstOnPage(executor: DbExecutor, direction: Direction, toolId: string) {
    const page = await linked(executor, direction, toolId, { q: undefined, limit: ACCESSORIES_ON_PAGE });
    return { items: page.items, more: page.nextCursor !== undefined };
  }

  return {
    /** GET /tools/{id}/accessories and /tools/{id}/fits: a page of the linked tools (a tool that does not exist has none). */
    linkedPage: (direction: Direction, toolId: string, query: PageQuery) => linked(db, direction, idOrNotFound(toolId, familyMessages.toolNotFound), query),

    /** What the tool page shows of both directions. */
    async relationsOf(executor: DbExecutor, toolId: string) {
      const [accessories, fits] = await Promise.all([firstOnPage(executor, 'accessories', toolId), firstOnPage(executor, 'fits', toolId)]);
      return { accessories, fits };
    },

    /** Links an accessory to a tool it fits (or changes the link's kind). */
    async linkAccessory(admin: AuditActor, toolId: string, accessoryId: string, kind: AccessoryKind) {
      const [tool, accessory] = [idOrNotFound(toolId, familyMessages.toolNotFound), idOrNotFound(accessoryId, familyMessages.accessoryNotFound)];
      if (tool === accessory) throw new AppError('invalid_data', familyMessages.accessoryOfItself);
      const found = await db.select({ id: tools.id }).from(tools).where(sql`${tools.id} in (${tool}, ${accessory})`);
      if (!found.some((row) => row.id === tool)) throw notFound(familyMessages.toolNotFound);
      if (!found.some((row) => row.id === accessory)) throw notFound(familyMessages.accessoryNotFound);
      await db.transaction(async (tx) => {
        const [before] = await tx.select({ kind: toolAccessories.kind }).from(toolAccessories).where(and(eq(toolAccessories.toolId, tool), eq(toolAccessories.accessoryId, accessory))).for('update');
        await tx.insert(toolAccessories).values({ toolId: tool, accessoryId: accessory, kind }).onConflictDoUpdate({ target: [toolAccessories.toolId, toolAccessories.accessoryId], set: { kind } });
        await recordAudit(tx, { actor: admin, kind: 'tool', action: before ? 'accessory changed' : 'accessory linked', subject: tool, before: before ? { accessoryId: accessory, kind: before.kind } : null, after: { accessoryId: accessory, kind } });
      });
      cache.invalidate();
      return { acknowledged: true, modifiedCount: 1 };
    },

    async unlinkAccessory(admin: AuditActor, toolId: string, accessoryId: string) {
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(toolAccessories)
          .where(and(eq(toolAccessories.toolId, idOrNotFound(toolId, familyMessages.notLinked)), eq(toolAccessories.accessoryId, idOrNotFound(accessoryId, familyMessages.notLinked))))
          .returning();
        if (!deleted) throw notFound(familyMessages.notLinked);
        await recordAudit(tx, { actor: admin, kind: 'tool', action: 'accessory unlinked', subject: deleted.toolId, before: { accessoryId: deleted.accessoryId, kind: deleted.kind }, after: null });
      });
      cache.invalidate();
      return { acknowledged: true, deletedCount: 1 };
    },
  };
}
export type AccessoriesService = ReturnType<typeof createAccessoriesService>;
