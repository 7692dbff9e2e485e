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
  /**
   * Runs start-up work (migrations, first-run seed, first admin) once across instances that start
   * together: on PostgreSQL under an advisory lock; PGlite has one process by construction.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** Pool use, for the metrics endpoint (PostgreSQL only). */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Any fixed number: the lock only has to be the same for every instance of the shop. */
const STARTUP_LOCK_KEY = 7_734_001;

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
    withStartupLock: (work) => work(),
    poolStats: () => undefined,
    ping: async () => (await client.query('select 1')).rows.length === 1,
    close: () => client.close(),
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
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
    async withStartupLock(work) {
      const lockHolder = await pool.connect();
      try {
        await lockHolder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await lockHolder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        lockHolder.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}
