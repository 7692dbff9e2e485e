import { z } from 'zod';
import { textWithLines, text } from './text.ts';
import { formatCount } from './validation-messages.ts';

/**
 * The catalogue as a CSV file (issue 40, item 8; decision 053): admins download it and upload one
 * to add and change tools in bulk. A dry run says what would happen; nothing is written until the
 * admin confirms the same file, then every row or none.
 */

/**
 * What one upload may hold: 5,000 tools with long descriptions fit with room to spare. The request
 * is bounded in bytes before it is read (the file's text in JSON, escapes included), its text in
 * characters and its rows as it is parsed.
 */
export const CATALOGUE_IMPORT_LIMITS = { bytes: 16 * 1024 * 1024, characters: 4_000_000, rows: 10_000 } as const;

/**
 * The tool's own columns, in the order the export writes them; every other column is a
 * specification, named as its category names it. `_id` and `sku` find the tool a row changes (the
 * SKU first); `category` is its path of names (Power tools > Drills) or its address name.
 */
export const CATALOGUE_TOOL_COLUMNS = ['_id', 'sku', 'gtin', 'toolName', 'description', 'img', 'price', 'minimumOrderQuantity', 'availableQuantity', 'vatRate', 'category'] as const;
export type CatalogueToolColumn = (typeof CATALOGUE_TOOL_COLUMNS)[number];

/** Between the names of a category's path in the `category` column. */
export const CATEGORY_PATH_SEPARATOR = ' > ';

const csvSchema = textWithLines()
  .min(1, 'Choose a CSV file to import')
  .max(CATALOGUE_IMPORT_LIMITS.characters, `A catalogue file can be at most ${formatCount(CATALOGUE_IMPORT_LIMITS.characters)} characters: split it in two.`);

/** POST /api/admin/catalogue/import/dry-run: the file's text. */
export const catalogueDryRunSchema = z.object({ csv: csvSchema }).strict();

/** POST /api/admin/catalogue/import: the same file and the token its dry run answered. */
export const catalogueImportSchema = z.object({ csv: csvSchema, token: text().min(1, 'Check the file first (dry run)').max(200) }).strict();

const refusalSchema = z.object({
  /** The file's row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  /** The column's header; empty when the refusal is about the whole row. */
  column: z.string(),
  message: z.string(),
});
export type CatalogueRefusal = z.infer<typeof refusalSchema>;

const fieldChangeSchema = z.object({ field: z.string(), from: z.string(), to: z.string() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** What the file would do, row by row; `token` (only when nothing is refused) confirms this very file. */
export const catalogueDryRunAnswerSchema = z.object({
  rows: z.number().int(),
  created: z.array(z.object({ row: z.number().int(), toolName: z.string(), sku: z.string().nullable() })),
  changed: z.array(z.object({ row: z.number().int(), toolId: z.string(), toolName: z.string(), changes: z.array(fieldChangeSchema) })),
  unchanged: z.number().int(),
  refused: z.array(refusalSchema),
  token: z.string().nullable(),
});
export type CatalogueDryRun = z.infer<typeof catalogueDryRunAnswerSchema>;

export const catalogueImportAnswerSchema = z.object({ acknowledged: z.boolean(), created: z.number().int(), changed: z.number().int(), unchanged: z.number().int() });
export type CatalogueImportResult = z.infer<typeof catalogueImportAnswerSchema>;

export const catalogueImportMessages = {
  tooManyRows: `One import takes at most ${formatCount(CATALOGUE_IMPORT_LIMITS.rows)} tools and the file holds more: split it.`,
  notCsv: (reason: string) => `The file cannot be read as CSV: ${reason}`,
  noRows: 'The file has a header but no tools under it.',
  repeatedColumn: (column: string) => `The column "${column}" appears twice: keep one.`,
  unknownColumn: (column: string) => `No category has a specification named "${column}", and it is not one of the tool's columns (${CATALOGUE_TOOL_COLUMNS.join(', ')}).`,
  unknownId: (id: string) => `No tool has the id ${id}: leave _id empty to add a new tool.`,
  idOfAnother: (sku: string) => `The SKU ${sku} is another tool's than the one _id names: leave one of them empty.`,
  sameToolTwice: (firstRow: number) => `Row ${firstRow} already changes this tool: one row per tool.`,
  repeatedInFile: (label: string, value: string, firstRow: number) => `Row ${firstRow} already has the ${label} "${value}": each tool's ${label} is its own.`,
  unknownCategory: (path: string) =>
    `No category is named "${path}": write its path of names (such as Power tools${CATEGORY_PATH_SEPARATOR}Drills) or its address name, or create it under Dashboard › Categories first.`,
  twoCategories: (path: string) => `Two categories are named "${path}": write its address name instead.`,
  notOfCategory: (specification: string, category: string) =>
    `${specification} is not a specification of ${category} (nor of the categories above it): leave it empty for this tool.`,
  /** The confirm carries the dry run's token: a file changed since cannot be imported unseen. */
  notTheCheckedFile: 'This is not the file the dry run checked: check it again before importing.',
  catalogueChanged: 'The catalogue changed since the dry run, so the file would now do something else: check it again.',
  takenWhileWriting:
    'Nothing was imported: a name, SKU or GTIN of the file is still another tool’s as the rows are written (two tools trading them in one file, or a tool added meanwhile). Change one of them first, then import again.',
  refusedAtImport: (count: number) =>
    `Nothing was imported: ${formatCount(count)} ${count === 1 ? 'row is' : 'rows are'} refused now (the catalogue changed since the dry run). Check the file again.`,
};
