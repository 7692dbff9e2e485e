import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client.ts';

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Runs a statement the shop repeats many times a second as a named prepared statement on
 * PostgreSQL: each pooled connection parses and plans it once instead of on every call. Placing an
 * order is one such statement; parsing and planning it was half of the database's work per order
 * (bench:growth, docs/decisions/016-order-placement-speed.md). The name comes from the SQL text, so
 * each variant of a statement gets its own. PGlite runs it as db.execute does.
 *
 * The rows are as node-postgres parses them: numbers, text and uuids as db.execute gives them,
 * but timestamps as Date; return those as text in the SQL when that matters.
 */
export async function executePrepared<Row extends Record<string, unknown>>(db: Database, query: SQL): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (!name) {
    name = `voltline_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    statementNames.set(text, name);
  }
  const result = await client.query<Row>({ name, text, values: params });
  return result.rows;
}
