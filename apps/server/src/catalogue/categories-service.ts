import { and, asc, count, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import {
  CATEGORY_MAX_DEPTH,
  categoryMessages,
  slugFromName,
  type Attribute,
  type AttributeInput,
  type AttributeUpdate,
  type CategoryInput,
  type CategoryNode,
  type CategoryRef,
  type CategoryUpdate,
  type ToolSpecification,
} from '@voltline/shared/categories';
import type { SpecificationsInput } from '@voltline/shared/tool';
import type { Database, DbExecutor, DbTransaction } from '../db/client.ts';
import { categories, categoryAttributes, tools, toolSpecifications } from '../db/schema.ts';
import { AppError, idOrNotFound, notFound } from '../platform/app-error.ts';
import type { JsonCache } from '../platform/cached-json.ts';
import { unrationed, type Ration } from '../platform/turns.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';

type CategoryRow = typeof categories.$inferSelect;
type AttributeRow = typeof categoryAttributes.$inferSelect;

const refused = (message: string) => new AppError('invalid_data', message);

/** The database's refusal of a second category with a slug already taken (drizzle wraps the driver's error). */
function isSlugConflict(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'categories_slug_unique') return true;
  }
  return false;
}

const toAttributeDto = (row: AttributeRow): Attribute => ({
  _id: row.id,
  categoryId: row.categoryId,
  name: row.name,
  kind: row.kind,
  unit: row.unit,
  choices: row.choices,
});

/** The tree in memory: small (a few hundred rows), and the depth rule needs all of a branch. */
export class CategoryForest {
  readonly byId: Map<string, CategoryRow>;
  constructor(readonly rows: CategoryRow[]) {
    this.byId = new Map(rows.map((row) => [row.id, row]));
  }

  /** The category and those above it, the top first. */
  pathTo(id: string): CategoryRow[] {
    const path: CategoryRow[] = [];
    for (let current = this.byId.get(id); current; current = current.parentId ? this.byId.get(current.parentId) : undefined) path.unshift(current);
    return path;
  }

  depthOf = (id: string) => this.pathTo(id).length;

  childrenOf = (id: string) => this.rows.filter((row) => row.parentId === id);

  /** The category and every one below it. */
  branchOf(id: string): string[] {
    return [id, ...this.childrenOf(id).flatMap((child) => this.branchOf(child.id))];
  }

  /** Levels from the category down to its deepest subcategory (1 for one without children). */
  heightOf(id: string): number {
    return 1 + Math.max(0, ...this.childrenOf(id).map((child) => this.heightOf(child.id)));
  }
}

export async function forestOf(executor: DbExecutor) {
  return new CategoryForest(await executor.select().from(categories).orderBy(asc(categories.name), asc(categories.id)));
}

/**
 * A tree's shape changes under this lock: two moves at once could each leave three levels and make
 * four together. It conflicts with itself only, so reads (the tree, the search) go on.
 */
const lockTree = (tx: DbTransaction) => tx.execute(sql`lock table ${categories} in share row exclusive mode`);

/** A specification's value as the admin sent it, checked by its kind; the row's value columns. */
export function specificationColumns(attribute: AttributeRow, value: number | boolean | string) {
  if (attribute.kind === 'number') {
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (!Number.isFinite(number) || Math.abs(number) > 1e12) throw refused(categoryMessages.notANumber(attribute.name, attribute.unit));
    return { numberValue: number, choiceValue: null, yesNoValue: null };
  }
  if (attribute.kind === 'choice') {
    const choice = typeof value === 'string' ? attribute.choices.find((known) => known.toLowerCase() === value.trim().toLowerCase()) : undefined;
    if (choice === undefined) throw refused(categoryMessages.notAChoice(attribute.name, attribute.choices));
    return { numberValue: null, choiceValue: choice, yesNoValue: null };
  }
  const yesNo = typeof value === 'boolean' ? value : typeof value === 'string' ? ({ yes: true, no: false, true: true, false: false } as Record<string, boolean>)[value.trim().toLowerCase()] : undefined;
  if (yesNo === undefined) throw refused(categoryMessages.notYesNo(attribute.name));
  return { numberValue: null, choiceValue: null, yesNoValue: yesNo };
}

/** The attributes a tool of the category fills: its own and those of the categories above it. */
async function attributesFor(executor: DbExecutor, forest: CategoryForest, categoryId: string): Promise<AttributeRow[]> {
  const path = forest.pathTo(categoryId).map((row) => row.id);
  if (path.length === 0) return [];
  return executor.select().from(categoryAttributes).where(inArray(categoryAttributes.categoryId, path)).orderBy(asc(categoryAttributes.position), asc(categoryAttributes.createdAt));
}

/** Drops the values of the tools in `categoryIds` that their category (after a move) no longer asks for. */
async function dropValuesOutsideCategories(tx: DbTransaction, forest: CategoryForest, categoryIds: string[]) {
  for (const categoryId of categoryIds) {
    const kept = (await attributesFor(tx, forest, categoryId)).map((attribute) => attribute.id);
    const toolsOfCategory = tx.select({ id: tools.id }).from(tools).where(eq(tools.categoryId, categoryId));
    await tx
      .delete(toolSpecifications)
      .where(and(inArray(toolSpecifications.toolId, toolsOfCategory), kept.length === 0 ? undefined : notInArray(toolSpecifications.attributeId, kept)));
  }
}

export function createCategoriesService(db: Database, cache: JsonCache) {
  /** Every change of the tree is seen at once by the tree, the tool pages and the lists (one cache). */
  const changed = <T>(value: T) => {
    cache.invalidate();
    return value;
  };

  async function readTree(): Promise<CategoryNode[]> {
    const [forest, attributeRows, counts] = await Promise.all([
      forestOf(db),
      db.select().from(categoryAttributes).orderBy(asc(categoryAttributes.position), asc(categoryAttributes.createdAt)),
      db.select({ categoryId: tools.categoryId, tools: count() }).from(tools).where(isNotNull(tools.categoryId)).groupBy(tools.categoryId),
    ]);
    const countOf = new Map(counts.map((row) => [row.categoryId, row.tools]));
    const node = (row: CategoryRow, depth: number): CategoryNode => ({
      _id: row.id,
      name: row.name,
      slug: row.slug,
      parentId: row.parentId,
      attributes: attributeRows.filter((attribute) => attribute.categoryId === row.id).map(toAttributeDto),
      toolCount: countOf.get(row.id) ?? 0,
      ...(depth < CATEGORY_MAX_DEPTH ? { children: forest.childrenOf(row.id).map((child) => node(child, depth + 1)) } : {}),
    });
    return forest.rows.filter((row) => row.parentId === null).map((row) => node(row, 1));
  }

  /** A category and a specification as the audit log records them. */
  const categoryAudited = (row: typeof categories.$inferSelect) => ({ name: row.name, slug: row.slug, parentId: row.parentId });
  const attributeAudited = (row: typeof categoryAttributes.$inferSelect) => ({ categoryId: row.categoryId, name: row.name, kind: row.kind, unit: row.unit, choices: row.choices });

  async function lockedCategory(tx: DbTransaction, id: string) {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw notFound(categoryMessages.categoryNotFound);
    return row;
  }

  async function saveCategory<T>(slug: string | undefined, write: () => Promise<T>): Promise<T> {
    return write().catch((error: unknown) => {
      throw slug !== undefined && isSlugConflict(error) ? new AppError('conflict', categoryMessages.slugTaken(slug)) : error;
    });
  }

  /** A parent for a category whose branch is `height` levels tall: it exists and leaves at most three levels. */
  function checkParent(forest: CategoryForest, parentId: string, height: number) {
    if (!forest.byId.has(parentId)) throw refused(categoryMessages.parentNotFound);
    if (forest.depthOf(parentId) + height > CATEGORY_MAX_DEPTH) throw refused(categoryMessages.fourthLevel);
  }

  async function attributeOf(tx: DbExecutor, categoryId: string, attributeId: string) {
    const [row] = await tx
      .select()
      .from(categoryAttributes)
      .where(and(eq(categoryAttributes.id, idOrNotFound(attributeId, categoryMessages.attributeNotFound)), eq(categoryAttributes.categoryId, idOrNotFound(categoryId, categoryMessages.categoryNotFound))));
    if (!row) throw notFound(categoryMessages.attributeNotFound);
    return row;
  }

  return {
    /** GET /api/categories: the tree, each category with its specifications and its tools' count; cached until something changes. */
    cachedTree: (ration: Ration = unrationed) => cache.get('categories', () => ration(readTree)),
    readTree,

    async createCategory(admin: AuditActor, input: CategoryInput): Promise<{ _id: string; slug: string }> {
      const slug = input.slug ?? slugFromName(input.name);
      if (slug === '') throw refused('Choose an address name: the name has no letters or digits to make one from.');
      const row = await saveCategory(slug, () =>
        db.transaction(async (tx) => {
          await lockTree(tx);
          if (input.parentId) checkParent(await forestOf(tx), input.parentId, 1);
          const [added] = await tx.insert(categories).values({ name: input.name, slug, parentId: input.parentId ?? null }).returning();
          await recordAudit(tx, { actor: admin, kind: 'category', action: 'created', subject: added!.id, before: null, after: categoryAudited(added!) });
          return added!;
        }),
      );
      return changed({ _id: row.id, slug: row.slug });
    },

    /** Rename, a new address name, or a move under another parent (the whole branch keeps within three levels). */
    async updateCategory(admin: AuditActor, categoryId: string, update: CategoryUpdate): Promise<{ acknowledged: true }> {
      const id = idOrNotFound(categoryId, categoryMessages.categoryNotFound);
      await saveCategory(update.slug, () =>
        db.transaction(async (tx) => {
          await lockTree(tx);
          const before = await lockedCategory(tx, id);
          let forest = await forestOf(tx);
          const moves = update.parentId !== undefined && update.parentId !== forest.byId.get(id)!.parentId;
          if (moves && update.parentId) {
            if (forest.branchOf(id).includes(update.parentId)) throw refused(categoryMessages.movedUnderItself);
            checkParent(forest, update.parentId, forest.heightOf(id));
          }
          const changes = { ...(update.name !== undefined && { name: update.name }), ...(update.slug !== undefined && { slug: update.slug }), ...(moves && { parentId: update.parentId }) };
          // An edit that changes nothing (an empty body, the same parent) is simply answered.
          if (Object.keys(changes).length > 0) {
            const [after] = await tx.update(categories).set(changes).where(eq(categories.id, id)).returning();
            await recordAudit(tx, { actor: admin, kind: 'category', action: 'changed', subject: id, before: categoryAudited(before), after: categoryAudited(after!) });
          }
          if (moves) {
            // The branch's tools now fall under other categories above: values those no longer ask for go.
            forest = await forestOf(tx);
            await dropValuesOutsideCategories(tx, forest, forest.branchOf(id));
          }
        }),
      );
      return changed({ acknowledged: true });
    },

    /** Only an empty category goes: no tools, no subcategories (its specifications go with it). */
    async deleteCategory(admin: AuditActor, categoryId: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const id = idOrNotFound(categoryId, categoryMessages.categoryNotFound);
      await db.transaction(async (tx) => {
        await lockTree(tx);
        // Locked for update: a tool edit putting a tool into it holds its key until it commits, so the count below sees that tool.
        const before = await lockedCategory(tx, id);
        const [{ children } = { children: 0 }] = await tx.select({ children: count() }).from(categories).where(eq(categories.parentId, id));
        if (children > 0) throw new AppError('conflict', categoryMessages.hasChildren(children));
        const [{ held } = { held: 0 }] = await tx.select({ held: count() }).from(tools).where(eq(tools.categoryId, id));
        if (held > 0) throw new AppError('conflict', categoryMessages.hasTools(held));
        await tx.delete(categories).where(eq(categories.id, id));
        await recordAudit(tx, { actor: admin, kind: 'category', action: 'deleted', subject: id, before: categoryAudited(before), after: null });
      });
      return changed({ acknowledged: true, deletedCount: 1 });
    },

    async addAttribute(admin: AuditActor, categoryId: string, input: AttributeInput): Promise<Attribute> {
      const id = idOrNotFound(categoryId, categoryMessages.categoryNotFound);
      const row = await db.transaction(async (tx) => {
        await lockedCategory(tx, id);
        const [{ position } = { position: 0 }] = await tx
          .select({ position: sql<number>`coalesce(max(${categoryAttributes.position}) + 1, 0)::int` })
          .from(categoryAttributes)
          .where(eq(categoryAttributes.categoryId, id));
        const [added] = await tx
          .insert(categoryAttributes)
          .values({ categoryId: id, name: input.name, kind: input.kind, unit: input.kind === 'number' && input.unit ? input.unit : null, choices: input.kind === 'choice' ? (input.choices ?? []) : [], position })
          .onConflictDoNothing()
          .returning();
        if (added) await recordAudit(tx, { actor: admin, kind: 'category', action: 'specification added', subject: added.id, before: null, after: attributeAudited(added) });
        return added;
      });
      if (!row) throw new AppError('conflict', categoryMessages.nameTaken(input.name));
      return changed(toAttributeDto(row));
    },

    /** A new name, unit or list; a choice some tool has cannot leave the list. */
    async updateAttribute(admin: AuditActor, categoryId: string, attributeId: string, update: AttributeUpdate): Promise<Attribute> {
      const row = await db.transaction(async (tx) => {
        const attribute = await attributeOf(tx, categoryId, attributeId);
        await tx.select({ id: categoryAttributes.id }).from(categoryAttributes).where(eq(categoryAttributes.id, attribute.id)).for('update');
        if (update.choices !== undefined && attribute.kind !== 'choice') throw refused('Only a choice specification has choices');
        if (update.unit && attribute.kind !== 'number') throw refused('Only a number has a unit');
        if (update.choices !== undefined) {
          if (update.choices.length === 0) throw refused('A choice specification needs at least one choice');
          const kept = new Set(update.choices.map((choice) => choice.toLowerCase()));
          for (const removed of attribute.choices.filter((choice) => !kept.has(choice.toLowerCase()))) {
            const [{ holders } = { holders: 0 }] = await tx
              .select({ holders: count() })
              .from(toolSpecifications)
              .where(and(eq(toolSpecifications.attributeId, attribute.id), eq(toolSpecifications.choiceValue, removed)));
            if (holders > 0) throw new AppError('conflict', categoryMessages.choiceInUse(removed, holders));
          }
        }
        const changes = {
          ...(update.name !== undefined && { name: update.name }),
          ...(update.unit !== undefined && { unit: update.unit === '' ? null : update.unit }),
          ...(update.choices !== undefined && { choices: update.choices }),
        };
        if (Object.keys(changes).length === 0) return attribute;
        const [saved] = await tx.update(categoryAttributes).set(changes).where(eq(categoryAttributes.id, attribute.id)).returning();
        await recordAudit(tx, { actor: admin, kind: 'category', action: 'specification changed', subject: attribute.id, before: attributeAudited(attribute), after: attributeAudited(saved!) });
        return saved!;
      }).catch((error: unknown) => {
        for (let current = error; current instanceof Error; current = current.cause)
          if ((current as { code?: unknown }).code === '23505') throw new AppError('conflict', categoryMessages.nameTaken(update.name ?? ''));
        throw error;
      });
      return changed(toAttributeDto(row));
    },

    /** A specification goes with every tool's value of it. */
    async deleteAttribute(admin: AuditActor, categoryId: string, attributeId: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const attribute = await attributeOf(db, categoryId, attributeId);
      await db.transaction(async (tx) => {
        await tx.delete(categoryAttributes).where(eq(categoryAttributes.id, attribute.id));
        await recordAudit(tx, { actor: admin, kind: 'category', action: 'specification deleted', subject: attribute.id, before: attributeAudited(attribute), after: null });
      });
      return changed({ acknowledged: true, deletedCount: 1 });
    },

    /**
     * An admin's tool edit (catalogue-service.ts), in its transaction: a new category (undefined: as
     * it was) and the specifications, which replace the tool's when sent, each checked by its kind.
     * Values the tool's category no longer asks for go when it changes category.
     */
    async setToolCategory(tx: DbTransaction, toolId: string, categoryId: string | null | undefined, specifications: SpecificationsInput | undefined) {
      if (categoryId === undefined && specifications === undefined) return;
      const [current] = await tx.select({ categoryId: tools.categoryId }).from(tools).where(eq(tools.id, toolId));
      const target = categoryId === undefined ? (current?.categoryId ?? null) : categoryId;
      if (target !== null) {
        // Key-share lock: the category cannot be deleted until this edit commits (deleteCategory then counts this tool).
        const [exists] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, target)).for('key share');
        if (!exists) throw refused(categoryMessages.categoryNotFound);
      }
      const sent = Object.entries(specifications ?? {}).filter(([, value]) => value !== null) as [string, number | boolean | string][];
      if (target === null && sent.length > 0) throw refused(categoryMessages.specificationsWithoutCategory);
      const applicable = target === null ? [] : await attributesFor(tx, await forestOf(tx), target);
      const rows = sent.map(([attributeId, value]) => {
        const attribute = applicable.find((known) => known.id === attributeId);
        if (!attribute) throw refused(categoryMessages.notOfCategory);
        return { toolId, attributeId, ...specificationColumns(attribute, value) };
      });
      if (categoryId !== undefined) await tx.update(tools).set({ categoryId }).where(eq(tools.id, toolId));
      if (specifications !== undefined) {
        await tx.delete(toolSpecifications).where(eq(toolSpecifications.toolId, toolId));
        if (rows.length > 0) await tx.insert(toolSpecifications).values(rows);
      } else {
        const kept = applicable.map((attribute) => attribute.id);
        await tx.delete(toolSpecifications).where(and(eq(toolSpecifications.toolId, toolId), kept.length === 0 ? undefined : notInArray(toolSpecifications.attributeId, kept)));
      }
    },

    /** A tool's category (with the path to it) and its specifications, for its page. */
    async toolDetailOf(executor: DbExecutor, toolId: string, categoryId: string | null): Promise<{ category: (CategoryRef & { path: CategoryRef[] }) | null; specifications: ToolSpecification[] }> {
      if (categoryId === null) return { category: null, specifications: [] };
      const forest = await forestOf(executor);
      const path = forest.pathTo(categoryId).map((row) => ({ _id: row.id, name: row.name, slug: row.slug }));
      const self = path.at(-1);
      const values = await executor
        .select({ attribute: categoryAttributes, value: toolSpecifications })
        .from(toolSpecifications)
        .innerJoin(categoryAttributes, eq(categoryAttributes.id, toolSpecifications.attributeId))
        .where(eq(toolSpecifications.toolId, toolId));
      const order = (await attributesFor(executor, forest, categoryId)).map((attribute) => attribute.id);
      values.sort((a, b) => order.indexOf(a.attribute.id) - order.indexOf(b.attribute.id));
      return {
        category: self ? { ...self, path } : null,
        specifications: values.map(({ attribute, value }) => ({
          attributeId: attribute.id,
          name: attribute.name,
          kind: attribute.kind,
          unit: attribute.unit,
          value: (value.numberValue ?? value.choiceValue ?? value.yesNoValue)!,
        })),
      };
    },

    forest: () => forestOf(db),
    attributesFor: (forest: CategoryForest, categoryId: string) => attributesFor(db, forest, categoryId),
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
