import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import type { DatabaseHandle } from './client.ts';
import { notifications, orderEvents, orders } from './schema.ts';

const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};

describe('the migrations journal', () => {
  // drizzle applies only the migrations stamped later than the newest one a database has applied:
  // one stamped earlier than its predecessor is skipped on every database that already had the
  // predecessor. 0011 is stamped before 0010 (both landed together, so no database ran 0010 without
  // it); changing its stamp now would run it twice, so it stays, and from 0012 on each is later than all before.
  it('stamps each migration after every migration before it', () => {
    const late = journal.entries.filter((entry, index) => index > 0 && entry.when <= Math.max(...journal.entries.slice(0, index).map((before) => before.when)));
    expect(late.map((entry) => entry.tag)).toEqual(['0011_order_placement_speed']);
  });
});

describe.each(testDatabaseKinds)('the migrated schema on $name', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await kind.open();
    await database.migrate();
  });
  afterAll(async () => database?.close());

  // (Primary keys and unique constraints come with their indexes; these are the ones chosen for reads.)
  it('has exactly the indexes schema.ts declares on the outbox, the orders and their events', async () => {
    for (const table of [notifications, orders, orderEvents]) {
      const { name, indexes } = getTableConfig(table);
      const result = await database.db.execute(sql`select indexname from pg_indexes where tablename = ${name} and indexname not like '%_pkey' and indexname not like '%_unique' order by indexname`);
      const found = (result as unknown as { rows: { indexname: string }[] }).rows.map((row) => row.indexname);
      expect(found, name).toEqual(indexes.map((index) => index.config.name).sort());
    }
  });
});
