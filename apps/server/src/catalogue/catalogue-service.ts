import { eq, sql, type SQL } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import type { ToolListQuery, ToolSort } from '@voltline/shared/paging';
import { stockMoveMessages } from '@voltline/shared/stock-moves';
import { minimumAboveStockWarning, toolNameTakenMessage, type Tool, type ToolInput, type ToolUpdate } from '@voltline/shared/tool';
import { isOutOfStock } from '@voltline/shared/stock';
import { gtinTakenMessage, skuTakenMessage } from '@voltline/shared/tool-codes';
import type { Database, DbExecutor } from '../db/client.ts';
import { tools } from '../db/schema.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { toCachedJson, type JsonCache } from '../platform/cached-json.ts';
import { mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';
import { type Actor, type OrderLifecycle } from '../orders/lifecycle/index.ts';
import { toolColumns, toToolDto } from './tool-dto.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { toolSearchMatches, toolSearchRank, withSearchThreshold } from './tool-search.ts';
import type { CategoriesService } from './categories-service.ts';
import type { FamiliesService } from './families-service.ts';
import type { AccessoriesService } from './accessories-service.ts';
import { createToolFilters } from './tool-filters.ts';
import type { ToolDetail, ToolSearchQuery } from '@voltline/shared/categories';
import { unrationed, type Ration } from '../platform/turns.ts';


/** The catalogue's orders, each served by an index on (key, id). */
const toolOrders: Record<Exclude<ToolSort, 'relevance'>, KeysetOrder> = {
  newest: { key: tools.createdAt, keyType: 'timestamptz', id: tools.id, idType: 'uuid', direction: 'desc' },
  'price-asc': { key: tools.priceCents, keyType: 'integer', id: tools.id, idType: 'uuid', direction: 'asc' },
  'price-desc': { key: tools.priceCents, keyType: 'integer', id: tools.id, idType: 'uuid', direction: 'desc' },
  name: { key: sql`lower(${tools.toolName})`, keyType: 'text', id: tools.id, idType: 'uuid', direction: 'asc' },
};

/**
 * The order a list is read in: a search is the best match first unless a sort is asked for; the
 * best match without a search is the newest first (nothing to match).
 */
function sortOf(query: Pick<ToolListQuery, 'sort' | 'q'>): ToolSort {
  const sort = query.sort ?? (query.q === undefined ? 'newest' : 'relevance');
  return sort === 'relevance' && query.q === undefined ? 'newest' : sort;
}

/** The best match first: the search's rank (a whole number), ties by id; the matches are sorted, no index holds the order. */
const relevanceOrder = (search: string): KeysetOrder => ({ key: toolSearchRank(search), keyType: 'integer', id: tools.id, idType: 'uuid', direction: 'desc' });

/** A list's (or a filtered search's) sort and the keyset order that reads it. */
function toolOrderOf(query: Pick<ToolListQuery, 'sort' | 'q'>): { sort: ToolSort; order: KeysetOrder } {
  const sort = sortOf(query);
  return { sort, order: sort === 'relevance' ? relevanceOrder(query.q!) : toolOrders[sort] };
}

/** Which unique index refused a write of a tool (drizzle wraps the driver's error), if one did. */
export function uniqueIndexRefusing(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/**
 * A tool's name, SKU and GTIN are each its own: the unique indexes decide (two admins saving at
 * the same moment included), and the refusal names which one and the value taken.
 */
function takenRefusal(error: unknown, tool: { toolName?: string; sku?: string | null; gtin?: string | null }): unknown {
  const index = uniqueIndexRefusing(error);
  if (index === 'tools_tool_name_unique' && tool.toolName !== undefined) return new AppError('conflict', toolNameTakenMessage(tool.toolName));
  if (index === 'tools_sku_unique_idx' && tool.sku) return new AppError('conflict', skuTakenMessage(tool.sku));
  if (index === 'tools_gtin_unique_idx' && tool.gtin) return new AppError('conflict', gtinTakenMessage(tool.gtin));
  return error;
}

/** A tool as the audit log records it: its fields as answered (not those derived from others), and its category. */
const toolAudited = (row: typeof tools.$inferSelect) => {
  const { orderableQuantity: _derived, picture: _drawn, ...fields } = toToolDto(row);
  return { ...fields, categoryId: row.categoryId };
};

export function createCatalogueService(
  db: Database,
  cache: JsonCache,
  paging: Paging,
  lifecycle: Pick<OrderLifecycle, 'deleteTool' | 'adjustStock' | 'openStock' | 'lockStockLevels' | 'stockSettled'>,
  categories: CategoriesService,
  relations: { families: FamiliesService; accessories: AccessoriesService },
) {
  const searchTools = createToolFilters(db, paging, categories, toolOrderOf);

  /**
   * One page of tools, newest first unless asked otherwise; `q` finds tools by their name's words
   * (typos allowed), a SKU's start or a GTIN (tool-search.ts), the best match first unless sorted.
   */
  async function listTools(query: ToolListQuery): Promise<Page<Tool>> {
    const { sort, order } = toolOrderOf(query);
    const page = paging.page({ list: `tools:${sort}`, order, scope: { q: query.q }, query });
    const read = (executor: DbExecutor, search: SQL | undefined) =>
      page.read(executor.select({ tool: tools, cursorKey: page.cursorKey }).from(tools).$dynamic(), search, (row) => row.tool.id);
    const search = query.q;
    const found = search === undefined ? await read(db, undefined) : await withSearchThreshold(db, (tx) => read(tx, toolSearchMatches(search)));
    return mapPage(found, (row) => toToolDto(row.tool));
  }

  /**
   * One tool, with its category and specifications, its family and what fits it both ways (issue
   * 40): everything its page draws in one answer, so the page's loader asks once (no waterfall
   * before its largest paint). A malformed id is simply a tool that does not exist.
   */
  async function getTool(toolId: string): Promise<ToolDetail> {
    const id = entityIdSchema.safeParse(toolId);
    if (!id.success) throw notFound('Tool not found');
    const [row] = await db.select().from(tools).where(eq(tools.id, id.data));
    if (!row) throw notFound('Tool not found');
    const [place, family, fitting] = await Promise.all([
      categories.toolDetailOf(db, row.id, row.categoryId),
      relations.families.familyOfTool(db, row.id),
      relations.accessories.relationsOf(db, row.id),
    ]);
    return { ...toToolDto(row), ...place, family, ...fitting };
  }

  /**
   * An admin's edit of a tool. A new stock is a count (decision 041): the order lifecycle records
   * it as a `counted` movement in the edit's transaction, refusing a stock below what paid orders
   * hold, as it refuses any admin's move; raising it (or leaving it) is always allowed, so a shop
   * that oversold before promises existed can still fix names and prices.
   */
  async function editTool(admin: NonNullable<Actor>, toolId: string, { availableQuantity, categoryId, specifications, ...details }: ToolUpdate) {
    const id = entityIdSchema.safeParse(toolId);
    if (!id.success) throw notFound('Tool not found');
    const edited = await db.transaction(async (tx) => {
      // The stock and the minimum change together: low stock and back-in-stock alerts are judged on
      // both, from the row as it was before the edit (a minimum raised above the stock is low stock;
      // one lowered to what is orderable brings the tool back).
      const before = await lifecycle.lockStockLevels(tx, id.data);
      if (!before) return undefined;
      const [was] = await tx.select().from(tools).where(eq(tools.id, id.data));
      await lifecycle.adjustStock(tx, admin, id.data, { kind: 'counted', countedUnits: availableQuantity, note: stockMoveMessages.editedInManageTools }, { settle: false });
      await categories.setToolCategory(tx, id.data, categoryId, specifications);
      const [row] = await tx.update(tools).set({ ...toolColumns(details) }).where(eq(tools.id, id.data)).returning();
      if (row) await lifecycle.stockSettled(tx, row, before);
      if (row) await recordAudit(tx, { actor: admin, kind: 'tool', action: 'changed', subject: row.id, before: toolAudited(was!), after: toolAudited(row) });
      return row;
    });
    if (!edited) throw notFound('Tool not found');
    cache.invalidate();
    return edited;
  }

  return {
    listTools,
    getTool,
    /**
     * GET /api/tools/search: filtered by category, specifications, price and stock, with facet and
     * category counts (tool-filters.ts). An answer without a search word is serialised once until a
     * tool, its stock or a category changes, as /getTools's pages are: the whole catalogue (/tools)
     * and a category's pages are the views read most, and their counts walk every tool they hold.
     * With a word, never kept: every visitor types another.
     */
    searchTools: (query: ToolSearchQuery, ration: Ration = unrationed) =>
      query.q === undefined
        ? cache.get(`tools-search:${JSON.stringify({ ...query, filter: [...query.filter].sort() })}`, () => ration(() => searchTools(query)))
        : ration(() => searchTools(query)).then((answer) => toCachedJson(answer)),
    /** Every category page's slug, for the sitemap. */
    categorySlugs: async () => (await categories.forest()).rows.map((row) => row.slug),

    /**
     * GET /getTools, each page serialised once until a tool or its stock changes. Searches are
     * not cached: every visitor types something else. What memory cannot answer is read through
     * the caller's ration, so one caller asking for page after odd page waits for itself.
     */
    cachedToolList: (query: ToolListQuery, ration: Ration = unrationed) =>
      query.q === undefined
        ? cache.getPage(`tools:${sortOf(query)}:${query.limit ?? ''}:${query.cursor ?? ''}`, () => ration(() => listTools(query)))
        : ration(() => listTools(query)).then((page) => toCachedJson(page.items, page.nextCursor)),

    /** GET /getTool/{id}, served from the same cache as the list, until a tool changes. */
    async cachedTool(toolId: string, ration: Ration = unrationed) {
      const id = entityIdSchema.safeParse(toolId);
      if (!id.success) throw notFound('Tool not found');
      return cache.get(`tool:${id.data}`, () => ration(() => getTool(id.data)));
    },


    /** POST /addTool (admins). Names are unique: the spec's stock call finds tools by name. */
    async addTool(admin: NonNullable<Actor>, { availableQuantity, ...input }: ToolInput): Promise<{ acknowledged: true; insertedId: string }> {
      // Its first stock is its opening movement (decision 041): the tool starts at 0 and moves to it.
      const row = await db
        .transaction(async (tx) => {
          const [added] = await tx.insert(tools).values({ ...toolColumns(input), availableQuantity: 0 }).returning();
          await lifecycle.openStock(tx, added!.id, availableQuantity, admin);
          await recordAudit(tx, { actor: admin, kind: 'tool', action: 'created', subject: added!.id, before: null, after: { ...toolAudited(added!), availableQuantity } });
          return added!;
        })
        .catch((error: unknown) => {
          throw takenRefusal(error, input);
        });
      cache.invalidate();
      return { acknowledged: true, insertedId: row.id };
    },

    /**
     * PATCH /updateTool/{id} (admins): stock, minimum order quantity and unit price, and a new name,
     * description or picture if sent (editTool: a new stock is a counted movement, and may not go below what paid orders hold).
     * A minimum above what can be ordered is saved (stock may be on its way) but answered with a
     * warning.
     */
    async updateTool(admin: NonNullable<Actor>, toolId: string, update: ToolUpdate): Promise<{ acknowledged: true; modifiedCount: number; warning?: string }> {
      const changed = await editTool(admin, toolId, update).catch((error: unknown) => {
        // A name, SKU or GTIN another tool has (two edits at the same moment included): the unique index decides, and the loser hears why.
        throw takenRefusal(error, update);
      });
      const tool = toToolDto(changed);
      return isOutOfStock(tool)
        ? { acknowledged: true, modifiedCount: 1, warning: minimumAboveStockWarning(tool.minimumOrderQuantity, tool.orderableQuantity) }
        : { acknowledged: true, modifiedCount: 1 };
    },

    /**
     * DELETE /deleteTool/{id} (admins). The order lifecycle deletes it, because its unpaid orders are
     * cancelled with it; orders keep their own snapshot of the tool.
     */
    deleteTool: (admin: NonNullable<Actor>, toolId: string) => lifecycle.deleteTool(admin, toolId),

    /**
     * PATCH /getTool?toolName= (admins): the spec's separate stock call, kept for old clients. It
     * moves no stock: Deliver already lowered it, and the spec's client calls this right after.
     */
    async acknowledgeStockCall(toolName: string): Promise<{ acknowledged: true; modifiedCount: 0 }> {
      const [tool] = await db.select({ id: tools.id }).from(tools).where(eq(tools.toolName, toolName));
      if (!tool) throw notFound('Tool not found');
      return { acknowledged: true, modifiedCount: 0 };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
