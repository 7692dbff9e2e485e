import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client.ts';
import * as schema from '../schema.ts';

/** Orders tables so that every table comes after the tables its foreign keys point at. */
function parentsFirst(tables: PgTable[]): PgTable[] {
  const ordered: PgTable[] = [];
  const visit = (table: PgTable, visiting: Set<PgTable>) => {
    if (ordered.includes(table)) return;
    if (visiting.has(table)) throw new Error(`The foreign keys of ${getTableName(table)} form a cycle: no insert order exists.`);
    visiting.add(table);
    for (const key of getTableConfig(table).foreignKeys) {
      const parent = key.reference().foreignTable;
      if (parent !== table) visit(parent, visiting);
    }
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * Every table of the schema, parents before children, so rows can be inserted in this order. Taken
 * from schema.ts rather than listed by hand: a new table travels without anyone remembering it.
 */
const TABLES_IN_ORDER: PgTable[] = parentsFirst(
  Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable)),
);

/**
 * Tables a migration fills with a new shop's settings (0024: the banner's delivery promotion; 0043: the retail and trade customer groups): an
 * empty shop has their rows, and an import replaces them with the exported shop's.
 */
const FILLED_BY_MIGRATIONS: PgTable[] = [schema.deliveryPromotion, schema.customerGroups];

export interface ShopExport {
  format: 'voltline-shop-export';
  version: 1;
  exportedAt: string;
  tables: Record<string, unknown[]>;
}

// JSON has no dates or bytes: they travel tagged and come back as they were.
function encode(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Buffer.isBuffer(value)) return { $bytes: value.toString('base64') };
  return value;
}

function decode(value: unknown): unknown {
  if (value && typeof value === 'object' && '$date' in value) return new Date((value as { $date: string }).$date);
  if (value && typeof value === 'object' && '$bytes' in value) return Buffer.from((value as { $bytes: string }).$bytes, 'base64');
  return value;
}

const mapRow = (row: Record<string, unknown>, convert: (value: unknown) => unknown) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, convert(value)]));

/** Every row of every table, e.g. to move a PGlite shop to PostgreSQL. */
export async function exportShop(db: Database): Promise<ShopExport> {
  const tables: Record<string, unknown[]> = {};
  for (const table of TABLES_IN_ORDER) {
    const rows = (await db.select().from(table)) as Record<string, unknown>[];
    tables[getTableName(table)] = rows.map((row) => mapRow(row, encode));
  }
  return { format: 'voltline-shop-export', version: 1, exportedAt: new Date().toISOString(), tables };
}

/**
 * Loads an export into a migrated, empty database, all or nothing. A database that already holds
 * a shop is refused rather than merged: ids would collide and orders could point at other tools.
 */
export async function importShop(db: Database, data: ShopExport): Promise<Record<string, number>> {
  if (data.format !== 'voltline-shop-export' || data.version !== 1) throw new Error('This file is not a Voltline shop export.');
  return db.transaction(async (tx) => {
    for (const table of TABLES_IN_ORDER) {
      if (FILLED_BY_MIGRATIONS.includes(table)) continue;
      const [row] = await tx.select({ present: sql<number>`1` }).from(table).limit(1);
      if (row) throw new Error(`The target database already has data in ${getTableName(table)}: import into an empty database.`);
    }
    for (const table of FILLED_BY_MIGRATIONS) await tx.delete(table);
    const counts: Record<string, number> = {};
    for (const table of TABLES_IN_ORDER) {
      const name = getTableName(table);
      const rows = (data.tables[name] ?? []).map((row) => mapRow(row as Record<string, unknown>, decode));
      for (let start = 0; start < rows.length; start += 500) {
        await tx.insert(table).values(rows.slice(start, start + 500));
      }
      counts[name] = rows.length;
    }
    return counts;
  });
}
