import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll } from 'vitest';
import { migrationsFolder, type DatabaseHandle } from '../db/client.ts';
import type { TestDatabaseKind } from './test-databases.ts';

export const migrationsJournal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};

/** Migrates a database as far as `lastTag` only: a shop as it was before the migrations after it. */
export async function migrateThrough(database: DatabaseHandle, lastTag: string): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'voltline-migrations-'));
  try {
    const entries = migrationsJournal.entries.slice(0, migrationsJournal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...migrationsJournal, entries }));
    for (const { tag } of entries) copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    // Each driver has its own migrator; both take the database the handle wraps.
    const migrate = database.kind === 'pglite' ? migratePglite : migratePg;
    await migrate(database.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A shop as it was at `lastTag`: each test inserts that shop's rows, migrates on, and reads what the migrations made of them. */
export function olderShop(kind: TestDatabaseKind, lastTag: string) {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await kind.open();
    await migrateThrough(database, lastTag);
  });
  afterAll(async () => database?.close());
  return {
    get db() {
      return database.db;
    },
    migrate: () => database.migrate(),
    migrateThrough: (tag: string) => migrateThrough(database, tag),
    rows: async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows,
  };
}
