import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { readDumpFacts, refuseDataDirPastOneBuffer, runPostgresTool, type DumpFacts, type SnapshotQuery } from './database-dump.ts';

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
  /**
   * Writes the whole database into `file` while the shop runs (decision 056), and answers what the
   * backup's manifest says of it, read in the same snapshot: PGlite's data dir as a gzipped tar,
   * PostgreSQL's pg_dump in its custom format.
   */
  dumpTo(file: string, signal?: AbortSignal): Promise<DumpFacts>;
  /** Follows the NOTIFY messages of one channel until the handle closes (see NotifyListener). */
  listen(channel: string, handlers: NotifyHandlers): NotifyListener;
  close(): Promise<void>;
}

export interface NotifyHandlers {
  onMessage(payload: string): void;
  /** true once messages arrive; false when some may have been missed (the connection was lost). */
  onListening(listening: boolean): void;
}

interface NotifyListener {
  /**
   * Resolves once every message committed before the call has reached onMessage; rejects while
   * not listening. Calls made while one round trip is under way share the next one.
   */
  caughtUp(): Promise<void>;
}

/** Any fixed number: the lock only has to be the same for every instance of the shop. */
const STARTUP_LOCK_KEY = 7_734_001;

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** Order search's trigram index needs pg_trgm (migration 0018): PGlite loads it with the database. */
export const pgliteOptions: PGliteOptions = { extensions: { pg_trgm } };

/**
 * Where the embedded database lives: a data dir, or memory, starting from the cluster files given
 * (the tests' throw-away databases start from a ready empty cluster, see test-kit's empty-pglite.ts).
 */
export type PgliteLocation = { dataDir: string; restoreFrom?: Blob } | { inMemoryFrom: Blob };

export async function openPglite(location: PgliteLocation): Promise<DatabaseHandle> {
  let client: PGlite;
  if ('inMemoryFrom' in location) {
    client = new PGlite({ ...pgliteOptions, loadDataDir: location.inMemoryFrom });
  } else {
    mkdirSync(location.dataDir, { recursive: true });
    // restoreFrom: a backup's data dir, unpacked into this empty one (db/restore is the only caller).
    client = new PGlite(location.dataDir, { ...pgliteOptions, ...(location.restoreFrom ? { loadDataDir: location.restoreFrom } : {}) });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  // One process, one connection: a commit's messages are handed to the listeners (as microtasks)
  // before the committing query resolves, so whatever was committed earlier has been delivered.
  const listen = (channel: string, handlers: NotifyHandlers): NotifyListener => {
    let listening = false;
    client.listen(channel, handlers.onMessage).then(
      () => handlers.onListening((listening = true)),
      () => handlers.onListening(false),
    );
    return { caughtUp: () => (listening ? Promise.resolve() : Promise.reject(new Error('not listening'))) };
  };
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    withStartupLock: (work) => work(),
    poolStats: () => undefined,
    ping: async () => (await client.query('select 1')).rows.length === 1,
    dumpTo: (file) => dumpPglite(client, file, 'dataDir' in location ? location.dataDir : undefined),
    listen,
    close: () => client.close(),
  };
}

/**
 * PGlite's data dir while the shop runs. The open transaction holds every other one back (PGlite
 * runs them one at a time), so the counts and the files are of the same moment, between two
 * transactions; dumpDataDir waits for the statement under way. The checkpoint first writes what
 * the log holds into the table files, so the restored shop does not replay it. The shop answers
 * no database work while the files are packed: seconds for a large shop (docs/operations.md).
 */
async function dumpPglite(client: PGlite, file: string, dataDir: string | undefined): Promise<DumpFacts> {
  const { facts, archive } = await client.transaction(async (tx) => {
    const query: SnapshotQuery = async (text) => (await tx.query<Record<string, unknown>>(text)).rows;
    await tx.exec('checkpoint');
    // An in-memory database is held in one piece of memory already; a data dir on disk may be past it.
    if (dataDir) await refuseDataDirPastOneBuffer(dataDir);
    return { facts: await readDumpFacts(query), archive: await client.dumpDataDir('gzip') };
  });
  await writeFile(file, Readable.fromWeb(archive.stream() as WebReadableStream<Uint8Array>));
  return facts;
}

/**
 * pg_dump reads the snapshot this transaction exported, so the counts read here and the dump are of
 * the same moment, while orders keep being placed and paid on other connections. The transaction
 * stays open until pg_dump ends: a snapshot can be imported only while its exporter lives.
 */
async function dumpPostgres(connectionString: string, file: string, signal?: AbortSignal): Promise<DumpFacts> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const [exported] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows;
    const facts = await readDumpFacts(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    await runPostgresTool('pg_dump', connectionString, ['--format=custom', `--snapshot=${exported!.snapshot}`, `--file=${file}`], { signal });
    await client.query('commit');
    return facts;
  } finally {
    await client.end();
  }
}

/**
 * A server that does not answer at all (not even a refusal) holds a new connection at most 5 s; the
 * request is then answered 503 (db/unavailable.ts) and the pool tries again on the next one. Set on
 * the connection, not the pool, whose same option would also bound the wait for a free connection
 * and turn a burst of orders into refusals.
 */
class BoundedConnectClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: 5000 });
  }
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: poolSize, Client: BoundedConnectClient });
  // An idle connection the server drops (restart, failover) must not crash the process: the
  // pool replaces it on the next query.
  pool.on('error', () => {});
  // A connection checked out for a transaction is not the pool's to watch: dropped between two of
  // the transaction's statements (while the server prices the order, say), it would emit an error
  // nobody listens to, and Node ends the process. The transaction's next statement fails instead,
  // and the pool discards the connection when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  // Fail fast with the real reason when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema });
  const listeners: { close(): Promise<void> }[] = [];
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
    dumpTo: (file, signal) => dumpPostgres(connectionString, file, signal),
    listen(channel, handlers) {
      const listener = listenOnPostgres(connectionString, channel, handlers);
      listeners.push(listener);
      return listener;
    },
    async close() {
      await Promise.all(listeners.map((listener) => listener.close()));
      await pool.end();
    },
  };
}

const LISTEN_RETRY_MS = 1000;

/**
 * A connection of its own that LISTENs (a pooled one would be handed to queries), reconnecting
 * after a loss. caughtUp() sends `select 1` on it: the server delivers the notifications committed
 * before a query ahead of that query's answer, so when the answer arrives they have been handled.
 */
function listenOnPostgres(connectionString: string, channel: string, handlers: NotifyHandlers): NotifyListener & { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let roundTrip: Promise<void> | undefined;
  let nextRoundTrip: Promise<void> | undefined;

  function lost(which: pg.Client) {
    if (client === which) {
      client = undefined;
      handlers.onListening(false);
    }
    which.removeAllListeners('end');
    which.end().catch(() => {});
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, LISTEN_RETRY_MS);
      retry.unref();
    }
  }

  async function connect() {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost(next);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    handlers.onListening(true);
  }

  function sendRoundTrip(on: pg.Client): Promise<void> {
    roundTrip = on.query('select 1').then(
      () => {
        roundTrip = undefined;
      },
      (error: unknown) => {
        roundTrip = undefined;
        throw error;
      },
    );
    return roundTrip;
  }

  function caughtUp(): Promise<void> {
    if (!client) return Promise.reject(new Error('not listening'));
    if (!roundTrip) return sendRoundTrip(client);
    // The round trip under way was sent before this call: a message committed since may follow it.
    nextRoundTrip ??= roundTrip
      .catch(() => {})
      .then(() => {
        nextRoundTrip = undefined;
        if (roundTrip) return roundTrip;
        return client ? sendRoundTrip(client) : Promise.reject(new Error('not listening'));
      });
    return nextRoundTrip;
  }

  void connect();
  return {
    caughtUp,
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => {});
      }
    },
  };
}
