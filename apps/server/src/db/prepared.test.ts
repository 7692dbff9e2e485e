import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { openPostgres, type DatabaseHandle } from './client.ts';
import { executePrepared } from './prepared.ts';

describe.each(testDatabaseKinds)('prepared statements on $name', (kind) => {
  let database: DatabaseHandle & { url?: string };
  // PostgreSQL: a pool of one connection, so the statement list read below is the connection's own.
  let single: DatabaseHandle | undefined;

  beforeAll(async () => {
    database = await kind.open();
    if (database.url) single = await openPostgres(database.url, 1);
  });
  afterAll(async () => {
    await single?.close();
    await database?.close();
  });

  const query = (n: number) => sql`select ${n}::int + 1 as next, 'twice' as word`;

  it('answers the rows db.execute answers, every time', async () => {
    const db = (single ?? database).db;
    for (const n of [1, 2, 3]) {
      expect(await executePrepared(db, query(n))).toEqual([{ next: n + 1, word: 'twice' }]);
    }
  });

  // PostgreSQL only: PGlite has no named statements (and needs none: it runs in this process).
  if (kind.name !== 'postgres') return;

  it('parses a statement once per connection, each variant under its own name', async () => {
    const db = single!.db;
    await executePrepared(db, query(7));
    await executePrepared(db, sql`select ${7}::int - 1 as previous`);
    const prepared = await db.execute(sql`select name, statement from pg_prepared_statements where name like 'voltline_%'`);
    const statements = (prepared as unknown as { rows: { name: string; statement: string }[] }).rows;
    expect(statements.filter((row) => row.statement.includes('+ 1 as next'))).toHaveLength(1);
    expect(statements.filter((row) => row.statement.includes('- 1 as previous'))).toHaveLength(1);
  });
});
