import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PageQuery } from '@voltline/shared/paging';
import { isOutOfStock } from '@voltline/shared/stock';
import { FAMILY_MEMBERS_MAX, familyMessages, type FamilyInput, type FamilyMemberInput, type FamilyUpdate, type ToolFamily } from '@voltline/shared/families';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import type { Database, DbExecutor } from '../db/client.ts';
import { toolFamilies, toolFamilyMembers, tools } from '../db/schema.ts';
import { AppError, idOrNotFound, notFound } from '../platform/app-error.ts';
import type { JsonCache } from '../platform/cached-json.ts';
import { mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';
import { toToolDto } from './tool-dto.ts';

type FamilyRow = typeof toolFamilies.$inferSelect;

/** Two values are one choice whatever their case or spacing ("18 V", "18 v", "18  V"). */
const sameValues = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value.replace(/\s+/g, ' ').toLowerCase() === b[index]!.replace(/\s+/g, ' ').toLowerCase());

/** A family as the audit log records it. */
const familyAudited = (family: FamilyRow) => ({ name: family.name, options: family.options });

/** The admin's list of families, by name. */
const familyOrder: KeysetOrder = { key: sql`lower(${toolFamilies.name})`, keyType: 'text', id: toolFamilies.id, idType: 'uuid', direction: 'asc' };

/**
 * Tool families (issue 40, item 3; decision 051). Each member stays a tool of its own: the family is
 * only what its page's selector shows, so orders, carts and invoices never read these tables.
 */
export function createFamiliesService(db: Database, cache: JsonCache, paging: Paging) {
  /** The families of `familyIds` with their members (name, values, price, stock), in one query. */
  async function withMembers(executor: DbExecutor, families: FamilyRow[]): Promise<ToolFamily[]> {
    if (families.length === 0) return [];
    const members = await executor
      .select({ familyId: toolFamilyMembers.familyId, values: toolFamilyMembers.optionValues, tool: tools })
      .from(toolFamilyMembers)
      .innerJoin(tools, eq(tools.id, toolFamilyMembers.toolId))
      .where(inArray(toolFamilyMembers.familyId, families.map((family) => family.id)))
      .orderBy(asc(toolFamilyMembers.optionValues));
    return families.map((family) => ({
      _id: family.id,
      name: family.name,
      options: family.options,
      members: members
        .filter((member) => member.familyId === family.id)
        .map(({ values, tool }) => {
          const dto = toToolDto(tool);
          return { toolId: dto._id, toolName: dto.toolName, values, price: dto.price, outOfStock: isOutOfStock(dto) };
        }),
    }));
  }

  /** The family row, locked until the transaction ends: every change of a family's members takes it, so two placements are judged one after the other. */
  async function lockedFamily(executor: DbExecutor, familyId: string): Promise<FamilyRow> {
    const [family] = await executor.select().from(toolFamilies).where(eq(toolFamilies.id, idOrNotFound(familyId, familyMessages.familyNotFound))).for('update');
    if (!family) throw notFound(familyMessages.familyNotFound);
    return family;
  }

  async function changed<T>(result: T): Promise<T> {
    // Tool pages carry their family: a change of it is a change of each member's page.
    cache.invalidate();
    return result;
  }

  return {
    /** GET /admin/families: the families by name, a page at a time, each with its members. */
    async listFamilies(query: PageQuery): Promise<Page<ToolFamily>> {
      const page = paging.page({ list: 'families', order: familyOrder, query });
      const found = await page.read(db.select({ family: toolFamilies, cursorKey: page.cursorKey }).from(toolFamilies).$dynamic(), undefined, (row) => row.family.id);
      const families = await withMembers(db, found.items.map((row) => row.family));
      return mapPage(found, (row) => families.find((family) => family._id === row.family.id)!);
    },

    async createFamily(admin: AuditActor, input: FamilyInput): Promise<{ _id: string }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(toolFamilies).values({ name: input.name, options: input.options }).returning();
        await recordAudit(tx, { actor: admin, kind: 'tool', action: 'family created', subject: row!.id, before: null, after: familyAudited(row!) });
        return { _id: row!.id };
      });
    },

    /** A new name, or the options renamed: the members' values stay, so the number of options cannot change. */
    updateFamily: (admin: AuditActor, familyId: string, update: FamilyUpdate) =>
      db
        .transaction(async (tx) => {
          const family = await lockedFamily(tx, familyId);
          if (update.options && update.options.length !== family.options.length) throw new AppError('invalid_data', familyMessages.optionCountChanged(family.options.length));
          if (update.name !== undefined || update.options !== undefined) {
            const [changedRow] = await tx.update(toolFamilies).set(update).where(eq(toolFamilies.id, family.id)).returning();
            await recordAudit(tx, { actor: admin, kind: 'tool', action: 'family changed', subject: family.id, before: familyAudited(family), after: familyAudited(changedRow!) });
          }
          return { acknowledged: true, modifiedCount: 1 };
        })
        .then(changed),

    /** The family goes; its tools stay, each on its own. */
    async deleteFamily(admin: AuditActor, familyId: string) {
      await db.transaction(async (tx) => {
        const [deleted] = await tx.delete(toolFamilies).where(eq(toolFamilies.id, idOrNotFound(familyId, familyMessages.familyNotFound))).returning();
        if (!deleted) throw notFound(familyMessages.familyNotFound);
        await recordAudit(tx, { actor: admin, kind: 'tool', action: 'family deleted', subject: deleted.id, before: familyAudited(deleted), after: null });
      });
      return changed({ acknowledged: true, deletedCount: 1 });
    },

    /**
     * Places a tool in the family with its value of each option, or changes its values. Refused in
     * words: a tool of another family (a tool is in at most one), values another member has, a
     * value missing for an option, a family full. Judged under the family's lock; the tool's key and
     * the values' unique index back the words against a placement in another family at the same moment.
     */
    placeTool: (admin: AuditActor, familyId: string, toolId: string, { values }: FamilyMemberInput) =>
      db
        .transaction(async (tx) => {
          const family = await lockedFamily(tx, familyId);
          if (values.length !== family.options.length) throw new AppError('invalid_data', familyMessages.valueCount(family.options));
          const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, idOrNotFound(toolId, familyMessages.toolNotFound)));
          if (!tool) throw notFound(familyMessages.toolNotFound);
          const [placed] = await tx
            .select({ familyId: toolFamilyMembers.familyId, familyName: toolFamilies.name })
            .from(toolFamilyMembers)
            .innerJoin(toolFamilies, eq(toolFamilies.id, toolFamilyMembers.familyId))
            .where(eq(toolFamilyMembers.toolId, tool.id));
          if (placed && placed.familyId !== family.id) throw new AppError('conflict', familyMessages.inAnotherFamily(placed.familyName));
          const members = await tx
            .select({ toolId: toolFamilyMembers.toolId, toolName: tools.toolName, values: toolFamilyMembers.optionValues })
            .from(toolFamilyMembers)
            .innerJoin(tools, eq(tools.id, toolFamilyMembers.toolId))
            .where(eq(toolFamilyMembers.familyId, family.id));
          const twin = members.find((member) => member.toolId !== tool.id && sameValues(member.values, values));
          if (twin) throw new AppError('conflict', familyMessages.valuesTaken(twin.toolName, twin.values));
          if (!placed && members.length >= FAMILY_MEMBERS_MAX) throw new AppError('invalid_data', familyMessages.familyFull);
          // Only a member of this family has its values changed: a placement in another family at the same moment leaves nothing written here.
          const written = await tx
            .insert(toolFamilyMembers)
            .values({ toolId: tool.id, familyId: family.id, optionValues: values })
            .onConflictDoUpdate({ target: toolFamilyMembers.toolId, set: { optionValues: values }, setWhere: eq(toolFamilyMembers.familyId, family.id) })
            .returning({ toolId: toolFamilyMembers.toolId });
          if (written.length === 0) throw new AppError('conflict', familyMessages.inAnotherFamily());
          const before = members.find((member) => member.toolId === tool.id);
          await recordAudit(tx, { actor: admin, kind: 'tool', action: before ? 'family values changed' : 'placed in family', subject: tool.id, before: before ? { familyId: family.id, values: before.values } : null, after: { familyId: family.id, values } });
          return { acknowledged: true, modifiedCount: 1 };
        })
        .then(changed),

    /** Takes a tool out of the family; it stays in the catalogue on its own. */
    async removeTool(admin: AuditActor, familyId: string, toolId: string) {
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(toolFamilyMembers)
          .where(sql`${toolFamilyMembers.familyId} = ${idOrNotFound(familyId, familyMessages.familyNotFound)} and ${toolFamilyMembers.toolId} = ${idOrNotFound(toolId, familyMessages.notAMember)}`)
          .returning();
        if (!deleted) throw notFound(familyMessages.notAMember);
        await recordAudit(tx, { actor: admin, kind: 'tool', action: 'taken out of family', subject: deleted.toolId, before: { familyId: deleted.familyId, values: deleted.optionValues }, after: null });
      });
      return changed({ acknowledged: true, deletedCount: 1 });
    },

    /** The family of a tool with every member, for its page's selector; null when it is in none. */
    async familyOfTool(executor: DbExecutor, toolId: string): Promise<ToolFamily | null> {
      const [family] = await executor
        .select({ family: toolFamilies })
        .from(toolFamilyMembers)
        .innerJoin(toolFamilies, eq(toolFamilies.id, toolFamilyMembers.familyId))
        .where(eq(toolFamilyMembers.toolId, toolId));
      return family ? ((await withMembers(executor, [family.family]))[0] ?? null) : null;
    },
  };
}
export type FamiliesService = ReturnType<typeof createFamiliesService>;
