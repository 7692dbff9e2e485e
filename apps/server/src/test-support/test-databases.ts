import { createFreshPostgresDatabase } from '@voltline/test-kit/fresh-postgres';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client.ts';

/**
 * API tests run against every database the shop supports: PGlite in memory always, and
 * PostgreSQL when TEST_DATABASE_URL is set (CI sets it). Each suite gets a database of its own.
 */
export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle & { url?: string }>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

async function openFreshPostgres(serverUrl: string): Promise<DatabaseHandle & { url: string }> {
  const database = await createFreshPostgresDatabase(serverUrl);
  const handle = await openPostgres(database.url);
  return {
    ...handle,
    url: database.url,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** Fresh databases on a PostgreSQL server of a test's own (one it stops and restarts). */
export const postgresOn = (serverUrl: string): TestDatabaseKind => ({ name: 'postgres', open: () => openFreshPostgres(serverUrl) });

export const testDatabaseKinds: TestDatabaseKind[] = [
  { name: 'pglite', open: () => openPglite('memory') },
  ...(postgresUrl ? [postgresOn(postgresUrl)] : []),
];

/**
 * The one database for suites the second kind adds nothing to: PostgreSQL when it is there,
 * PGlite otherwise. The race property suites run here because only PostgreSQL runs transactions
 * at the same time (PGlite's one connection takes them one after another, so racing there proves
 * nothing the ordinary suites on PGlite do not); suites about what lives outside the database,
 * such as the in-memory rate-limit counters, run here because either kind would do.
 */
export const oneDatabaseKind: TestDatabaseKind = testDatabaseKinds.at(-1)!;
