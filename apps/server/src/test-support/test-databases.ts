import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, it } from 'vitest';
import { emptyClusterArchive, emptyClusterDir } from '@voltline/test-kit/empty-pglite';
import { migrationsDigest } from '@voltline/test-kit/migrated-pglite';
import { createFreshPostgresDatabase } from '@voltline/test-kit/fresh-postgres';
import { migrationsFolder, openPglite, openPostgres, pgliteOptions, type DatabaseHandle } from '../db/client.ts';

/**
 * API tests run against every database the shop supports: PGlite in memory always, and
 * PostgreSQL when TEST_DATABASE_URL is set (CI sets it). Each suite gets a database of its own.
 */
export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle & { url?: string }>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

async function openFreshPostgres(serverUrl: string, template?: string): Promise<DatabaseHandle & { url: string }> {
  const database = await createFreshPostgresDatabase(serverUrl, template);
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

/**
 * A migrated database on the server of TEST_DATABASE_URL to copy each suite's database from, as
 * the migrated PGlite archive is (below): named after that database and the migrations' contents,
 * so .ci/run drops it with its own database and a changed migration makes a new one. Made once,
 * under an advisory lock, by whichever test file gets there first.
 */
async function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  const base = new URL(serverUrl).pathname.slice(1) || 'postgres';
  const name = `${base.slice(0, 40)}_tpl_${migrationsDigest().slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(7734002)');
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const making = await createFreshPostgresDatabase(serverUrl);
      const handle = await openPostgres(making.url);
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await admin.query(`alter database "${new URL(making.url).pathname.slice(1)}" rename to "${name}"`);
    }
  } finally {
    await admin.end();
  }
  return name;
}

let postgresTemplate: Promise<string> | undefined;

async function openMigratedPostgres(serverUrl: string): Promise<DatabaseHandle & { url: string }> {
  postgresTemplate ??= migratedPostgresTemplate(serverUrl);
  postgresTemplate.catch(() => (postgresTemplate = undefined));
  return openFreshPostgres(serverUrl, await postgresTemplate);
}

/** Fresh databases on a PostgreSQL server of a test's own (one it stops and restarts). */
export const postgresOn = (serverUrl: string): TestDatabaseKind => ({ name: 'postgres', open: () => openFreshPostgres(serverUrl) });

const postgresKind: TestDatabaseKind | undefined = postgresUrl ? { name: 'postgres', open: () => openMigratedPostgres(postgresUrl) } : undefined;

/** A throw-away PGlite database in memory, from the empty cluster test-kit keeps (no initdb each time). */
export const openThrowAwayPglite = async () => openPglite({ inMemoryFrom: await emptyClusterArchive() });

/**
 * PGlite in a data dir, as the shop keeps it, for tests that stop a shop and open its files again:
 * a new dir starts from a copy of the empty cluster (no initdb, which takes a busy machine 20 s).
 */
export const pgliteIn = (dataDir: string): TestDatabaseKind => ({
  name: 'pglite',
  async open() {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) cpSync(await emptyClusterDir(), dataDir, { recursive: true });
    return openPglite({ dataDir });
  },
});

const MIGRATED_ARCHIVE_PREFIX = 'voltline-migrated-pglite-';
/** An archive no suite has opened for this long belongs to migrations no checkout holds any more. */
const UNUSED_ARCHIVE_MS = 24 * 60 * 60 * 1000;

/** The kept archive, marked as used now; none when it is not there (or was just removed as unused). */
function readKeptArchive(file: string): Blob | undefined {
  try {
    const now = new Date();
    utimesSync(file, now, now);
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/**
 * Each change of the migrations names a new archive (about 40 MB): the ones no suite has opened for a
 * day go, so a machine that runs the suites for years does not fill its temp folder. Archives in use
 * (another checkout's, on other migrations) are opened, and so marked, at every suite's start.
 */
function removeUnusedArchives(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(MIGRATED_ARCHIVE_PREFIX) || !name.endsWith('.tar')) continue;
    const archive = path.join(tmpdir(), name);
    try {
      if (Date.now() - statSync(archive).mtimeMs > UNUSED_ARCHIVE_MS) rmSync(archive, { force: true });
    } catch {
      // Removed by a suite beside this one already.
    }
  }
}

/**
 * The empty cluster with every migration applied, kept in the temp folder under a name made of the
 * cluster's and the migrations' contents: migrating a fresh PGlite takes 1-5 s and the suites open
 * hundreds, while loading a migrated archive takes what loading the empty one does. A new or
 * changed migration names a new archive, so a suite never starts from a stale schema; the shop's
 * own migrate() then finds nothing to do (and still runs, as on every start).
 */
async function makeMigratedArchive(): Promise<Blob> {
  const empty = await emptyClusterArchive();
  const cluster = createHash('sha256').update(Buffer.from(await empty.arrayBuffer())).digest('hex');
  const file = path.join(tmpdir(), `${MIGRATED_ARCHIVE_PREFIX}${createHash('sha256').update(cluster + migrationsDigest()).digest('hex').slice(0, 16)}.tar`);
  const kept = readKeptArchive(file);
  if (kept) return kept;
  removeUnusedArchives();
  const client = new PGlite({ ...pgliteOptions, loadDataDir: empty });
  await migrate(drizzle({ client }), { migrationsFolder });
  const files = await client.dumpDataDir('none');
  await client.close();
  // Written aside and renamed, so a test file running beside this one never reads half of it.
  const making = `${file}.${process.pid}`;
  writeFileSync(making, Buffer.from(await files.arrayBuffer()));
  renameSync(making, file);
  return files;
}

let migratedArchive: Promise<Blob> | undefined;

/** A throw-away PGlite database in memory, already migrated: what the API suites run on. */
async function openMigratedThrowAwayPglite(): Promise<DatabaseHandle> {
  migratedArchive ??= makeMigratedArchive();
  migratedArchive.catch(() => (migratedArchive = undefined));
  return openPglite({ inMemoryFrom: await migratedArchive });
}

export const testDatabaseKinds: TestDatabaseKind[] = [{ name: 'pglite', open: openMigratedThrowAwayPglite }, ...(postgresKind ? [postgresKind] : [])];

/** Databases with no schema yet, for the tests of the migrations themselves (each migration on old data). */
export const unmigratedDatabaseKinds: TestDatabaseKind[] = [{ name: 'pglite', open: openThrowAwayPglite }, ...(postgresUrl ? [postgresOn(postgresUrl)] : [])];

/**
 * The one database for suites the second kind adds nothing to: PostgreSQL when it is there,
 * PGlite otherwise. Suites about what lives outside the database, such as the in-memory
 * rate-limit counters, run here because either kind would do.
 */
export const oneDatabaseKind: TestDatabaseKind = testDatabaseKinds.at(-1)!;

const RACES_NEED_POSTGRES =
  "PGlite's one connection runs transactions one after another, so a race there cannot fail; set TEST_DATABASE_URL to run it";

const skippedRace = (title: string, kind: string) => console.info(`Skipped on ${kind}: "${title}": ${RACES_NEED_POSTGRES}.`);

/**
 * Races (many requests at once for the same rows) run on PostgreSQL only: there transactions run at
 * the same time, so a missing lock loses the race and the test fails; on PGlite a refund without
 * its row lock passed every race. Elsewhere they are listed as skipped and say why.
 */
export function itRaces(kind: TestDatabaseKind) {
  return (title: string, test: () => Promise<void>, options: { timeout?: number } = {}) => {
    const skipped = kind.name !== 'postgres';
    if (skipped) skippedRace(title, kind.name);
    it.skipIf(skipped)(title, options, test);
  };
}

/**
 * How many trials each race runs: RACE_TRIALS, else 100. The issues asked for 1,000 (RACE_TRIALS=1000
 * runs them); CI runs a tenth, every trial the same race at full width (more requests at once than
 * the pool has connections), which a missing lock loses in the first trials, not the last. From 200
 * to 100 took about 50 s of CPU off each CI run on 2 cores (docs/benchmarks.md, "CI time").
 */
export const RACE_TRIALS = Number(process.env.RACE_TRIALS ?? 100);

/** A whole suite of races, on PostgreSQL only (see itRaces); its tests use the kind it is given. */
export function describeRaces(title: string, suite: (kind: TestDatabaseKind) => void): void {
  if (!postgresKind) skippedRace(title, 'pglite');
  // Without PostgreSQL the suite is collected but never run: no test opens this kind.
  const kind = postgresKind ?? { name: 'postgres', open: () => Promise.reject(new Error(RACES_NEED_POSTGRES)) };
  describe.skipIf(!postgresKind)(`${title} on postgres`, () => suite(kind));
}
