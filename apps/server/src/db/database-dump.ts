import { constants as bufferLimits } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * What a backup's manifest says of the database, read in the very snapshot the dump copies
 * (decision 056): a restore checks its counts against these, and says which documents it ends with.
 */
export interface DumpFacts {
  /** The last migration the database had applied (its tag, `0037_categories`). */
  schemaVersion: string;
  /** Rows per table of the shop's schema. */
  rowCounts: Record<string, number>;
  lastInvoiceNumber: string | null;
  lastCreditNoteNumber: string | null;
}

/** Runs one SQL text in the dump's snapshot and answers its rows. */
/** The bytes of every file below `folder`. */
async function folderBytes(folder: string): Promise<number> {
  let bytes = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return bytes;
}

const gigabytes = (bytes: number) => `${(bytes / 1e9).toFixed(1)} GB`;

/**
 * PGlite packs its whole data dir into one buffer in memory (dumpDataDir), and a Node process holds
 * no buffer past `buffer.constants.MAX_LENGTH` (4.3 GB): a larger shop's backup would fail with
 * V8's "Invalid typed array length". Refused first, in words, with what to do instead (measured at
 * a million orders of bench:growth's shop, a 5.2 GB data dir: docs/operations.md). A stopped shop's
 * data dir, closed cleanly, is a whole PostgreSQL cluster: a copy of it is a backup.
 */
export async function refuseDataDirPastOneBuffer(dataDir: string, maxBytes: number = bufferLimits.MAX_LENGTH): Promise<void> {
  const bytes = await folderBytes(dataDir);
  if (bytes > maxBytes)
    throw new Error(
      `The embedded database's data dir holds ${gigabytes(bytes)}, more than one backup of it can hold (${gigabytes(maxBytes)}, the most a process keeps in one piece of memory). Stop the shop and copy its data dir (DATA_DIR) as its backup, and plan its move to PostgreSQL, whose backups have no such bound (docs/operations.md, "Figures").`,
    );
}

export type SnapshotQuery = (text: string) => Promise<Record<string, unknown>[]>;

const migrationsJournal = path.resolve(import.meta.dirname, 'migrations/meta/_journal.json');

const journal = (): { tag: string; when: number }[] =>
  (JSON.parse(readFileSync(migrationsJournal, 'utf8')) as { entries: { tag: string; when: number }[] }).entries;

/** The tag of the migration drizzle recorded last (it records each by its journal stamp); undefined when none has run. */
export async function lastMigrationOf(query: SnapshotQuery): Promise<string | undefined> {
  const [found] = await query(
    `select max(created_at)::text as stamp from drizzle.__drizzle_migrations where exists (select 1 from pg_tables where schemaname = 'drizzle')`,
  ).catch(() => []);
  if (!found?.stamp) return undefined;
  const stamp = Number(found.stamp);
  // A stamp this code does not know: the database ran migrations of a newer version of the shop.
  return journal().find((entry) => entry.when === stamp)?.tag ?? `unknown migration stamped ${stamp}`;
}

/** Counts every table of the shop's schema (public): what a restore must find again, table by table. */
export async function rowCountsOf(query: SnapshotQuery): Promise<Record<string, number>> {
  const tables = await query(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = await query(`select count(*)::bigint::text as count from public."${String(tablename)}"`);
    counts[String(tablename)] = Number(row!.count);
  }
  return counts;
}

export async function readDumpFacts(query: SnapshotQuery): Promise<DumpFacts> {
  const lastNumber = async (table: 'invoices' | 'credit_notes') => {
    const [row] = await query(`select number from ${table} order by sequence desc limit 1`);
    return row ? String(row.number) : null;
  };
  return {
    schemaVersion: (await lastMigrationOf(query)) ?? 'none',
    rowCounts: await rowCountsOf(query),
    lastInvoiceNumber: await lastNumber('invoices'),
    lastCreditNoteNumber: await lastNumber('credit_notes'),
  };
}

/** Debian and Ubuntu keep each PostgreSQL version's tools here, off PATH. */
const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql';

/**
 * A PostgreSQL client tool (pg_dump, pg_restore) on PATH, else in the newest of Debian's version
 * folders; refused in words when neither has it, since the shop cannot back up PostgreSQL without it.
 */
function findPostgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const versions = existsSync(DEBIAN_POSTGRES_ROOT)
    ? readdirSync(DEBIAN_POSTGRES_ROOT)
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(DEBIAN_POSTGRES_ROOT, version, 'bin', name))
    : [];
  const found = [name, ...versions].find((candidate) => spawnSync(candidate, ['--version']).status === 0);
  if (!found) {
    throw new Error(
      `${name} was not found on PATH nor in ${DEBIAN_POSTGRES_ROOT}/<version>/bin: install PostgreSQL's client tools ` +
        `(of the server's version or newer, e.g. apt install postgresql-client-15) to back up or restore a PostgreSQL shop.`,
    );
  }
  return found;
}

/** A field of a password file (host:port:database:user:password), its own colons and backslashes escaped. */
const passFileField = (field: string) => field.replace(/[\\:]/g, (char) => `\\${char}`);

/**
 * Runs pg_dump or pg_restore on the database of a connection URL. The password goes in a password
 * file only this user can read (libpq's passfile), not in the arguments, which every user of the
 * machine can list.
 */
export async function runPostgresTool(
  name: 'pg_dump' | 'pg_restore',
  connectionString: string,
  args: string[],
  options: { signal?: AbortSignal; input?: Readable } = {},
): Promise<void> {
  const tool = findPostgresTool(name);
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const folder = password ? mkdtempSync(path.join(tmpdir(), 'voltline-pgpass-')) : undefined;
  if (folder) {
    const passFile = path.join(folder, 'pgpass');
    const fields = [url.hostname || 'localhost', url.port || '5432', decodeURIComponent(url.pathname.slice(1)), decodeURIComponent(url.username), password];
    writeFileSync(passFile, `${fields.map(passFileField).join(':')}\n`, { mode: 0o600 });
    url.searchParams.set('passfile', passFile);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(tool, [...args, `--dbname=${url.toString()}`], { stdio: [options.input ? 'pipe' : 'ignore', 'ignore', 'pipe'], signal: options.signal });
      // A tool that stops reading (it failed) ends the pipe: its exit code tells why, not the pipe's error.
      if (options.input) options.input.pipe(child.stdin!).on('error', () => {});
      let errors = '';
      child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed (exit code ${code}): ${errors.trim() || 'no message'}`))));
    });
  } finally {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}
