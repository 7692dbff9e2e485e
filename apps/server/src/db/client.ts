import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** The Drizzle database both drivers give us; services are written against this. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of that database: services take `DbExecutor` to work inside or outside one. */
export type DbTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbExecutor = Database | DbTransaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** Where the embedded database lives, or 'memory' for a throw-away one (tests). */
export type PgliteLocation = { dataDir: string } | 'memory';

export async function openPglite(location: PgliteLocation): Promise<DatabaseHandle> {
  let client: PGlite;
  if (location === 'memory') {
    client = new PGlite();
  } else {
    mkdirSync(location.dataDir, { recursive: true });
    client = new PGlite(location.dataDir);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString });
  // An idle connection the server drops (restart, failover) must not crash the process: the
  // pool replaces it on the next query.
  pool.on('error', () => {});
  // Fail fast with the real reason when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
