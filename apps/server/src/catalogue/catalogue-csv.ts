import { createHmac, timingSafeEqual } from 'node:crypto';
import { CsvError, parse } from 'csv-parse/sync';
import { asc, gt, inArray, or, sql } from 'drizzle-orm';
import { amountFromText } from '@voltline/shared/amount-input';
import {
  CATALOGUE_IMPORT_LIMITS,
  CATALOGUE_TOOL_COLUMNS,
  CATEGORY_PATH_SEPARATOR,
  catalogueImportMessages as messages,
  type CatalogueDryRun,
  type CatalogueImportResult,
  type CatalogueRefusal,
  type CatalogueToolColumn,
  type FieldChange,
} from '@voltline/shared/catalogue-import';
import { categoryMessages } from '@voltline/shared/categories';
import { entityIdSchema } from '@voltline/shared/id';
import { stockMoveMessages } from '@voltline/shared/stock-moves';
import { payableTool, toolInputSchema, toolNameTakenMessage, type ToolInput } from '@voltline/shared/tool';
import { gtinTakenMessage } from '@voltline/shared/tool-codes';
import { wholeNumberFromText } from '@voltline/shared/whole-number';
import type { Database, DbExecutor, DbTransaction } from '../db/client.ts';
import { categories, categoryAttributes, tools, toolSpecifications } from '../db/schema.ts';
import type { Actor, OrderLifecycle } from '../orders/lifecycle/index.ts';
import { AppError } from '../platform/app-error.ts';
import type { JsonCache } from '../platform/cached-json.ts';
import { csvCell, unguardedCell } from '../platform/csv-cell.ts';
import { uniqueIndexRefusing } from './catalogue-service.ts';
import { forestOf, specificationColumns, type CategoryForest } from './categories-service.ts';
import { toolColumns, toToolDto } from './tool-dto.ts';
import { recordAudit } from '../audit/audit-log.ts';

/**
 * The catalogue as a CSV file (issue 40, item 8; decision 053): the export a page of tools at a
 * time, and the import's dry run and confirm, which share one plan of the file so that what the
 * admin was shown is what is written.
 */

type ToolRow = typeof tools.$inferSelect;
type AttributeRow = typeof categoryAttributes.$inferSelect;
type SpecificationValue = number | string | boolean;

/** Tools read per query while the export streams: memory stays flat whatever the catalogue's size. */
const EXPORT_BATCH = 500;

/** A tool as the file spells it, column by column (the export's cells before their formula guard, the dry run's before and after). */
type ToolRecord = Map<string, string>;

const valueOf = (row: typeof toolSpecifications.$inferSelect): SpecificationValue => (row.numberValue ?? row.choiceValue ?? row.yesNoValue)!;
const specificationText = (value: SpecificationValue) => (typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value));
const categoryPath = (forest: CategoryForest, categoryId: string | null) =>
  categoryId === null ? '' : forest.pathTo(categoryId).map((category) => category.name).join(CATEGORY_PATH_SEPARATOR);

/** The specifications' columns: each name once (the first spelling), in the tree's order, then each category's own. */
function specificationColumnsOf(forest: CategoryForest, attributes: AttributeRow[]): string[] {
  const names = new Map<string, string>();
  for (const category of forest.rows)
    for (const attribute of attributes) if (attribute.categoryId === category.id && !names.has(attribute.name.toLowerCase())) names.set(attribute.name.toLowerCase(), attribute.name);
  return [...names.values()];
}

/** The tool's fields, its category's path and its specifications (attribute id -> value) as the file's cells. */
function toolRecord(tool: Omit<ToolInput, 'vatRate'> & { vatRate?: number | null; _id?: string }, category: string, specifications: Map<string, SpecificationValue>, attributes: Map<string, AttributeRow>): ToolRecord {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  const record: ToolRecord = new Map([
    ['_id', text(tool._id)],
    ['sku', text(tool.sku)],
    ['gtin', text(tool.gtin)],
    ['toolName', tool.toolName],
    ['description', tool.description],
    ['img', tool.img],
    ['price', text(tool.price)],
    ['minimumOrderQuantity', text(tool.minimumOrderQuantity)],
    ['availableQuantity', text(tool.availableQuantity)],
    ['vatRate', text(tool.vatRate)],
    ['category', category],
  ]);
  for (const [attributeId, value] of specifications) record.set(attributes.get(attributeId)!.name.toLowerCase(), specificationText(value));
  return record;
}

/** What a row changes, field by field, in the file's words. */
function changesBetween(before: ToolRecord, after: ToolRecord, fieldName: (key: string) => string): FieldChange[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  keys.delete('_id');
  return [...keys].filter((key) => (before.get(key) ?? '') !== (after.get(key) ?? '')).map((key) => ({ field: fieldName(key), from: before.get(key) ?? '', to: after.get(key) ?? '' }));
}

/** The file's rows as text (the header first), or its refusal in words: not CSV, or too many rows. */
function readRows(csv: string): string[][] {
  let rows: string[][];
  try {
    // One row past the limit is enough to know the file is too long.
    rows = parse(csv, { bom: true, skip_empty_lines: true, to: CATALOGUE_IMPORT_LIMITS.rows + 2 });
  } catch (error) {
    if (error instanceof CsvError) throw new AppError('bad_request', messages.notCsv(error.message));
    throw error;
  }
  if (rows.length > CATALOGUE_IMPORT_LIMITS.rows + 1) throw new AppError('payload_too_large', messages.tooManyRows);
  if (rows.length < 2) throw new AppError('invalid_data', messages.noRows);
  return rows.map((row) => row.map(unguardedCell));
}

/** A row the import writes: a new tool (no toolId), or the changes of one. */
interface PlannedRow {
  row: number;
  /** The tool as the plan read it under its lock; undefined: a new tool. */
  tool: ToolRow | undefined;
  input: ToolInput;
  categoryId: string | null | undefined;
  specifications: Record<string, SpecificationValue> | undefined;
}

interface Plan {
  answer: Omit<CatalogueDryRun, 'token'>;
  writes: PlannedRow[];
}

/** How the tree answers a category's cell: its path of names, or its address name; lower case. */
function categoryFinder(forest: CategoryForest) {
  const byName = new Map<string, string[]>();
  for (const row of forest.rows) {
    const path = categoryPath(forest, row.id).toLowerCase();
    byName.set(path, [...(byName.get(path) ?? []), row.id]);
  }
  const bySlug = new Map(forest.rows.map((row) => [row.slug, row.id]));
  return (cell: string): string | { refusal: string } => {
    const path = cell
      .split('>')
      .map((name) => name.trim())
      .join(CATEGORY_PATH_SEPARATOR)
      .toLowerCase();
    const named = byName.get(path) ?? [];
    if (named.length === 1) return named[0]!;
    if (named.length > 1) return { refusal: messages.twoCategories(cell) };
    return bySlug.get(cell.trim().toLowerCase()) ?? { refusal: messages.unknownCategory(cell) };
  };
}

/** Rows written per statement: well under PostgreSQL's 65,535 parameters a statement. */
const WRITE_BATCH = 500;
const batchesOf = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / WRITE_BATCH) }, (_, index) => items.slice(index * WRITE_BATCH, (index + 1) * WRITE_BATCH));

/** A specification's value in its kind's column (tool_specifications has one per kind). */
const specificationRow = (toolId: string, attributeId: string, value: SpecificationValue) => ({
  toolId,
  attributeId,
  numberValue: typeof value === 'number' ? value : null,
  choiceValue: typeof value === 'string' ? value : null,
  yesNoValue: typeof value === 'boolean' ? value : null,
});

/**
 * The plan's rows written set by set, a statement per batch rather than per tool (5,000 tools in
 * seconds on PGlite): new tools, then the changed tools' fields, their specifications, and every
 * stock through the order lifecycle's ledger; the tools are locked by the plan that read them.
 */
async function writePlan(tx: DbTransaction, admin: NonNullable<Actor>, writes: PlannedRow[], lifecycle: Pick<OrderLifecycle, 'setStockLevels' | 'stockSettled'>) {
  const placed = [...new Set(writes.flatMap((write) => (write.categoryId ? [write.categoryId] : [])))];
  // Key-share, as a tool edit takes it: a category the file fills cannot be deleted until the import commits.
  if (placed.length > 0) await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, placed)).for('key share');
  const fieldsOf = ({ input: { availableQuantity: _stock, ...fields }, categoryId }: PlannedRow) => ({ ...toolColumns(fields), ...(categoryId !== undefined && { categoryId }) });

  const idOf = new Map<PlannedRow, string>();
  for (const batch of batchesOf(writes.filter((write) => !write.tool))) {
    const added = await tx.insert(tools).values(batch.map((write) => ({ ...fieldsOf(write), availableQuantity: 0 }))).returning({ id: tools.id, toolName: tools.toolName });
    const idByName = new Map(added.map((tool) => [tool.toolName, tool.id]));
    for (const write of batch) idOf.set(write, idByName.get(write.input.toolName)!);
  }
  const changed = writes.filter((write) => write.tool);
  for (const write of changed) idOf.set(write, write.tool!.id);
  for (const batch of batchesOf(changed)) {
    const edits = JSON.stringify(
      batch.map((write) => {
        const fields = fieldsOf(write);
        return {
          id: write.tool!.id,
          tool_name: fields.toolName,
          description: fields.description,
          img: fields.img,
          price_cents: fields.priceCents,
          minimum_order_quantity: fields.minimumOrderQuantity,
          vat_rate_hundredths: fields.vatRateHundredths ?? null,
          sku: fields.sku ?? null,
          gtin: fields.gtin ?? null,
          sets_category: write.categoryId !== undefined,
          new_category_id: write.categoryId ?? null,
        };
      }),
    );
    await tx
      .update(tools)
      .set({
        toolName: sql`edits.tool_name`,
        description: sql`edits.description`,
        img: sql`edits.img`,
        priceCents: sql`edits.price_cents`,
        minimumOrderQuantity: sql`edits.minimum_order_quantity`,
        vatRateHundredths: sql`edits.vat_rate_hundredths`,
        sku: sql`edits.sku`,
        gtin: sql`edits.gtin`,
        categoryId: sql`case when edits.sets_category then edits.new_category_id else category_id end`,
      })
      .from(
        sql`jsonb_to_recordset(${edits}::jsonb) as edits(id uuid, tool_name text, description text, img text, price_cents integer, minimum_order_quantity integer, vat_rate_hundredths integer, sku text, gtin text, sets_category boolean, new_category_id uuid)`,
      )
      .where(sql`${tools.id} = edits.id`);
  }

  // Specifications sent replace the tool's (the plan kept those the file leaves alone).
  const specified = writes.filter((write) => write.specifications !== undefined);
  for (const batch of batchesOf(specified)) {
    await tx.delete(toolSpecifications).where(inArray(toolSpecifications.toolId, batch.map((write) => idOf.get(write)!)));
    const values = batch.flatMap((write) => Object.entries(write.specifications!).map(([attributeId, value]) => specificationRow(idOf.get(write)!, attributeId, value)));
    for (const rows of batchesOf(values)) await tx.insert(toolSpecifications).values(rows);
  }

  const levels = writes.map((write) => ({ toolId: idOf.get(write)!, units: write.input.availableQuantity, opening: !write.tool }));
  await lifecycle.setStockLevels(tx, admin, levels, stockMoveMessages.importedFromCsv);
  // Low stock and back in stock, judged on each changed tool's stock and minimum before and after (as the tool edit does).
  for (const batch of batchesOf(changed))
    for (const tool of await tx.select().from(tools).where(inArray(tools.id, batch.map((write) => write.tool!.id))))
      await lifecycle.stockSettled(tx, tool, batch.find((write) => write.tool!.id === tool.id)!.tool!);
}

export function createCatalogueCsv(db: Database, secret: string, lifecycle: Pick<OrderLifecycle, 'setStockLevels' | 'stockSettled'>, cache: JsonCache) {
  const sign = (part: string, text: string) => createHmac('sha256', `catalogue-import:${part}:${secret}`).update(text).digest('base64url');
  /** The dry run's token: the file's signature, then the plan's, so the confirm can say which one differs. */
  const tokenOf = (csv: string, answer: Plan['answer']) => `${sign('file', csv)}.${sign('plan', JSON.stringify([answer.created, answer.changed, answer.unchanged]))}`;
  const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  /**
   * What the file would do to the catalogue as `executor` reads it. Every rule is the tool form's
   * (its shared schemas) or the categories' (specificationColumns); the plan only reads. `lock`
   * (the confirm's transaction): the tools it reads stay as read until the import commits.
   */
  async function plan(executor: DbExecutor, csv: string, { lock }: { lock: boolean }): Promise<Plan> {
    const [header, ...rows] = readRows(csv);
    const [forest, attributeRows] = await Promise.all([forestOf(executor), executor.select().from(categoryAttributes).orderBy(asc(categoryAttributes.position), asc(categoryAttributes.createdAt))]);
    const attributes = new Map(attributeRows.map((attribute) => [attribute.id, attribute]));
    const refused: CatalogueRefusal[] = [];
    const answer: Plan['answer'] = { rows: rows.length, created: [], changed: [], unchanged: 0, refused };

    // The header: the tool's columns (whatever their case) and specifications by name, each once.
    const toolColumn = new Map<string, CatalogueToolColumn>(CATALOGUE_TOOL_COLUMNS.map((column) => [column.toLowerCase(), column]));
    const specificationNames = new Map(attributeRows.map((attribute) => [attribute.name.toLowerCase(), attribute.name]));
    const columns = header!.map((cell) => cell.trim());
    const keys = columns.map((column) => toolColumn.get(column.toLowerCase()) ?? column.toLowerCase());
    keys.forEach((key, index) => {
      if (keys.indexOf(key) !== index) refused.push({ row: 1, column: columns[index]!, message: messages.repeatedColumn(columns[index]!) });
      else if (!toolColumn.has(key.toLowerCase()) && !specificationNames.has(key)) refused.push({ row: 1, column: columns[index]!, message: messages.unknownColumn(columns[index]!) });
    });
    if (refused.length > 0) return { answer, writes: [] };
    const has = (key: string) => keys.includes(key);
    const specificationKeys = keys.filter((key) => specificationNames.has(key) && !toolColumn.has(key.toLowerCase()));
    const cellsOf = (row: string[]) => new Map(keys.map((key, index) => [key, row[index]!.trim()]));
    const records = rows.map(cellsOf);

    // The tools the rows name (by SKU or id) and those holding their GTINs and names, in one read.
    const skus = records.map((cells) => cells.get('sku')?.toLowerCase()).filter((sku): sku is string => !!sku);
    const ids = records.map((cells) => entityIdSchema.safeParse(cells.get('_id'))).flatMap((id) => (id.success ? [id.data] : []));
    const gtins = records.map((cells) => cells.get('gtin')?.replace(/[\s-]/g, '')).filter((gtin): gtin is string => !!gtin);
    const names = records.map((cells) => cells.get('toolName')).filter((name): name is string => !!name);
    const read = executor
      .select()
      .from(tools)
      .where(or(inArray(sql`lower(${tools.sku})`, skus), inArray(tools.id, ids), inArray(tools.gtin, gtins), inArray(tools.toolName, names)))
      .orderBy(asc(tools.id));
    const known: ToolRow[] = lock ? await read.for('update') : await read;
    const bySku = new Map(known.filter((tool) => tool.sku !== null).map((tool) => [tool.sku!.toLowerCase(), tool]));
    const byId = new Map(known.map((tool) => [tool.id, tool]));
    const byGtin = new Map(known.filter((tool) => tool.gtin !== null).map((tool) => [tool.gtin!, tool]));
    const byName = new Map(known.map((tool) => [tool.toolName, tool]));
    const valuesOf = new Map<string, Map<string, SpecificationValue>>();
    if (known.length > 0)
      for (const value of await executor.select().from(toolSpecifications).where(inArray(toolSpecifications.toolId, [...byId.keys()])))
        valuesOf.set(value.toolId, (valuesOf.get(value.toolId) ?? new Map()).set(value.attributeId, valueOf(value)));

    const findCategory = categoryFinder(forest);
    const applicableTo = (categoryId: string | null) => {
      const path = categoryId === null ? [] : forest.pathTo(categoryId).map((category) => category.id);
      return attributeRows.filter((attribute) => path.includes(attribute.categoryId));
    };
    const fieldName = (key: string) => specificationNames.get(key) ?? key;
    const firstRowOf = { sku: new Map<string, number>(), gtin: new Map<string, number>(), toolName: new Map<string, number>(), tool: new Map<string, number>() };
    const writes: PlannedRow[] = [];

    records.forEach((cells, index) => {
      const row = index + 2;
      const refusedBefore = refused.length;
      const refuse = (column: string, message: string) => refused.push({ row, column, message });
      const repeated = (kind: keyof typeof firstRowOf, value: string) => {
        const first = firstRowOf[kind].get(value);
        if (first === undefined) firstRowOf[kind].set(value, row);
        return first;
      };

      // The tool the row changes: its SKU's first, else its id's; neither is a new tool.
      const sku = cells.get('sku') ?? '';
      const idCell = cells.get('_id') ?? '';
      let tool = sku ? bySku.get(sku.toLowerCase()) : undefined;
      if (tool && idCell && idCell.toLowerCase() !== tool.id) refuse('_id', messages.idOfAnother(sku));
      if (!tool && idCell) {
        tool = byId.get(idCell.toLowerCase());
        if (!tool) refuse('_id', messages.unknownId(idCell));
      }
      if (tool) {
        const first = repeated('tool', tool.id);
        if (first !== undefined) refuse('', messages.sameToolTwice(first));
      }
      // A row whose tool cannot be told is refused for that alone: its fields would be judged against the wrong tool.
      if (refused.length > refusedBefore) return;

      // The tool form's own rules on the row's fields (those the file leaves out stay as they are).
      const before = tool ? toToolDto(tool) : undefined;
      const given = (key: CatalogueToolColumn) => (has(key) ? cells.get(key) : undefined);
      const fields = {
        ...(before && { toolName: before.toolName, description: before.description, img: before.img, price: before.price, minimumOrderQuantity: before.minimumOrderQuantity, availableQuantity: before.availableQuantity, vatRate: before.vatRate, sku: before.sku, gtin: before.gtin }),
        ...(has('toolName') && { toolName: given('toolName') }),
        ...(has('description') && { description: given('description') }),
        ...(has('img') && { img: given('img') }),
        ...(has('price') && { price: amountFromText(given('price')) }),
        ...(has('minimumOrderQuantity') && { minimumOrderQuantity: wholeNumberFromText(given('minimumOrderQuantity')) }),
        ...(has('availableQuantity') && { availableQuantity: wholeNumberFromText(given('availableQuantity')) }),
        ...(has('vatRate') && { vatRate: given('vatRate') }),
        ...(has('sku') && { sku: given('sku') }),
        ...(has('gtin') && { gtin: given('gtin') }),
      };
      const parsed = payableTool(toolInputSchema).safeParse(fields);
      if (!parsed.success) for (const issue of parsed.error.issues) refuse(String(issue.path[0] ?? ''), issue.message);

      // Its category, and its specifications: the file's values over the tool's, each checked by its kind.
      let categoryId = tool?.categoryId ?? null;
      if (has('category') && cells.get('category')) {
        const found = findCategory(cells.get('category')!);
        if (typeof found === 'string') categoryId = found;
        else refuse('category', found.refusal);
      } else if (has('category')) categoryId = null;
      const applicable = applicableTo(categoryId);
      const specifications = new Map([...(valuesOf.get(tool?.id ?? '') ?? [])].filter(([attributeId]) => applicable.some((attribute) => attribute.id === attributeId)));
      for (const key of specificationKeys) {
        const cell = cells.get(key)!;
        const attribute = applicable.find((known) => known.name.toLowerCase() === key);
        if (cell === '') {
          if (attribute) specifications.delete(attribute.id);
        } else if (!attribute) {
          refuse(fieldName(key), categoryId === null ? categoryMessages.specificationsWithoutCategory : messages.notOfCategory(fieldName(key), categoryPath(forest, categoryId)));
        } else {
          try {
            const value = specificationColumns(attribute, cell);
            specifications.set(attribute.id, (value.numberValue ?? value.choiceValue ?? value.yesNoValue)!);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            refuse(fieldName(key), error.message);
          }
        }
      }
      if (!parsed.success || refused.length > refusedBefore) return;

      // Each code and name once in the file, and not another tool's in the shop.
      const input = parsed.data;
      if (input.sku) {
        const first = repeated('sku', input.sku.toLowerCase());
        if (first !== undefined) refuse('sku', messages.repeatedInFile('SKU', input.sku, first));
      }
      if (input.gtin) {
        const first = repeated('gtin', input.gtin);
        const holder = byGtin.get(input.gtin);
        if (first !== undefined) refuse('gtin', messages.repeatedInFile('GTIN', input.gtin, first));
        else if (holder && holder.id !== tool?.id) refuse('gtin', gtinTakenMessage(input.gtin));
      }
      const first = repeated('toolName', input.toolName);
      const holder = byName.get(input.toolName);
      if (first !== undefined) refuse('toolName', messages.repeatedInFile('name', input.toolName, first));
      else if (holder && holder.id !== tool?.id) refuse('toolName', toolNameTakenMessage(input.toolName));
      if (refused.length > refusedBefore) return;

      const after = toolRecord(input, categoryPath(forest, categoryId), specifications, attributes);
      const write = {
        row,
        tool,
        input,
        categoryId: has('category') ? categoryId : undefined,
        specifications: has('category') || specificationKeys.length > 0 ? Object.fromEntries(specifications) : undefined,
      };
      if (!tool || !before) {
        answer.created.push({ row, toolName: input.toolName, sku: input.sku ?? null });
        writes.push(write);
        return;
      }
      const changes = changesBetween(toolRecord(before, categoryPath(forest, tool.categoryId), valuesOf.get(tool.id) ?? new Map(), attributes), after, fieldName);
      if (changes.length === 0) {
        answer.unchanged += 1;
        return;
      }
      answer.changed.push({ row, toolId: tool.id, toolName: input.toolName, changes });
      writes.push(write);
    });
    return { answer, writes };
  }

  return {
    /**
     * GET /api/admin/catalogue/export.csv: every tool, its category's path and a column per
     * specification, read a page at a time by id (the primary key), each cell guarded against
     * formulas (platform/csv-cell.ts) and unguarded again by the import.
     */
    async *exportCsv(): AsyncGenerator<string> {
      const [forest, attributeRows] = await Promise.all([forestOf(db), db.select().from(categoryAttributes).orderBy(asc(categoryAttributes.position), asc(categoryAttributes.createdAt))]);
      const attributes = new Map(attributeRows.map((attribute) => [attribute.id, attribute]));
      const columns = [...CATALOGUE_TOOL_COLUMNS, ...specificationColumnsOf(forest, attributeRows)];
      const line = (record: ToolRecord) => `${columns.map((column, index) => csvCell(record.get(index < CATALOGUE_TOOL_COLUMNS.length ? column : column.toLowerCase()))).join(',')}\r\n`;
      yield `${columns.map(csvCell).join(',')}\r\n`;
      for (let after: string | undefined; ; ) {
        const batch = await db.select().from(tools).where(after === undefined ? undefined : gt(tools.id, after)).orderBy(asc(tools.id)).limit(EXPORT_BATCH);
        if (batch.length === 0) return;
        const values = new Map<string, Map<string, SpecificationValue>>();
        for (const value of await db.select().from(toolSpecifications).where(inArray(toolSpecifications.toolId, batch.map((tool) => tool.id))))
          values.set(value.toolId, (values.get(value.toolId) ?? new Map()).set(value.attributeId, valueOf(value)));
        yield batch.map((tool) => line(toolRecord(toToolDto(tool), categoryPath(forest, tool.categoryId), values.get(tool.id) ?? new Map(), attributes))).join('');
        after = batch.at(-1)!.id;
      }
    },

    /** POST /api/admin/catalogue/import/dry-run: what the file would do; nothing is written. */
    async dryRun(csv: string): Promise<CatalogueDryRun> {
      const { answer } = await plan(db, csv, { lock: false });
      return { ...answer, token: answer.refused.length === 0 ? tokenOf(csv, answer) : null };
    },

    /**
     * POST /api/admin/catalogue/import: the file its dry run checked, planned again under the
     * locks of its tools and written in one transaction, or nothing at all.
     */
    async importCsv(admin: NonNullable<Actor>, csv: string, token: string): Promise<CatalogueImportResult> {
      const [fileSignature, planSignature] = token.split('.');
      if (!fileSignature || !sameText(fileSignature, sign('file', csv))) throw new AppError('conflict', messages.notTheCheckedFile);
      const result = await db.transaction(async (tx) => {
        const { answer, writes } = await plan(tx, csv, { lock: true });
        if (answer.refused.length > 0) throw new AppError('invalid_data', messages.refusedAtImport(new Set(answer.refused.map((refusal) => refusal.row)).size));
        if (!planSignature || !sameText(`${fileSignature}.${planSignature}`, tokenOf(csv, answer))) throw new AppError('conflict', messages.catalogueChanged);
        await writePlan(tx, admin, writes, lifecycle).catch((error: unknown) => {
          // The plan checked every name and code under its locks; only tools trading them within the file, or one added meanwhile, get here.
          throw uniqueIndexRefusing(error) ? new AppError('conflict', messages.takenWhileWriting) : error;
        });
        const counts = { created: answer.created.length, changed: answer.changed.length, unchanged: answer.unchanged };
        // One row per import with its counts (decision 065): each tool's stock is in the ledger, and the file's fields in the import's own answer.
        await recordAudit(tx, { actor: admin, kind: 'tool', action: 'imported', subject: null, before: null, after: counts });
        return { acknowledged: true as const, ...counts };
      });
      cache.invalidate();
      return result;
    },
  };
}
export type CatalogueCsv = ReturnType<typeof createCatalogueCsv>;
