import { createReadStream, existsSync, readdirSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { InvoicingConfig } from '../../config.ts';
import { openPglite, openPostgres, type Database, type DatabaseHandle } from '../../db/client.ts';
import { lastMigrationOf, rowCountsOf, runPostgresTool, type SnapshotQuery } from '../../db/database-dump.ts';
import { documentCounters } from '../../db/schema.ts';
import { readBackupFile, sha256Of, type BackupManifest } from './backup-file.ts';

/** A restore refused before it changed anything (or, for the counts, after: the words say which). */
export class RestoreRefusedError extends Error {}

export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** Where the document numbering continues: the last number already issued of each kind given. */
export interface NumbersFrom {
  invoice?: string;
  creditNote?: string;
}

export interface RestoreReport {
  manifest: BackupManifest;
  migratedFrom: string;
  migratedTo: string;
  /** What the operator must read before the shop starts. */
  warnings: string[];
  /** The numbers the restored shop issues next, when --…-numbers-from moved them on. */
  continuedFrom: { invoice?: number; creditNote?: number };
}

const queryOf =
  (db: Database): SnapshotQuery =>
  async (text) =>
    ((await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Refuses a target that holds anything: a restore never mixes a backup with a shop's own rows. */
async function refuseUnlessEmpty(target: RestoreTarget): Promise<void> {
  if (target.kind === 'pglite') {
    if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0) {
      throw new RestoreRefusedError(
        `The data dir ${target.dataDir} is not empty: a backup is restored only into an empty one. Move it aside (it is the shop you would lose) or set DATA_DIR to a new folder, then run the restore again.`,
      );
    }
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string }>(
      `select count(*)::text as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]!.tables) > 0) {
      throw new RestoreRefusedError(
        `The database of DATABASE_URL has ${rows[0]!.tables} tables already: a backup is restored only into an empty database. Create a new one (createdb) and point DATABASE_URL at it.`,
      );
    }
  } finally {
    await client.end();
  }
}

/** The whole dump from the backup file, as PGlite loads a data dir (in memory, as PGlite takes it). */
async function dumpBytes(file: string, dump: { start: number; bytes: number }): Promise<Blob> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(dump.bytes);
    await handle.read(buffer, 0, dump.bytes, dump.start);
    return new Blob([buffer]);
  } finally {
    await handle.close();
  }
}

async function load(file: string, dump: { start: number; bytes: number }, target: RestoreTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') return openPglite({ dataDir: target.dataDir, restoreFrom: await dumpBytes(file, dump) });
  // One transaction: a pg_restore that fails leaves the database as empty as it found it.
  await runPostgresTool('pg_restore', target.url, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges'], {
    input: createReadStream(file, { start: dump.start, end: dump.start + dump.bytes - 1 }),
  });
  return openPostgres(target.url);
}

/** `INV-000123` → 123, refused in words when it is not a number of this shop's prefix. */
function sequenceOf(number: string, prefix: string, option: string): number {
  const match = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)$`).exec(number.trim());
  if (!match) throw new RestoreRefusedError(`${option} takes a number as the shop prints it, such as ${prefix}000123; "${number}" is not one.`);
  return Number(match[1]);
}

/**
 * Moves the numbering on past the last number already issued, as a payment takes its number
 * (decision 015): the counter row holds the last number given, never lowered.
 */
export async function continueDocumentNumbers(db: Database, from: NumbersFrom, invoicing: Pick<InvoicingConfig, 'invoicePrefix' | 'creditNotePrefix'>) {
  const continued: RestoreReport['continuedFrom'] = {};
  const kinds = [
    ['invoice', from.invoice, invoicing.invoicePrefix, '--invoice-numbers-from'],
    ['credit_note', from.creditNote, invoicing.creditNotePrefix, '--credit-note-numbers-from'],
  ] as const;
  for (const [kind, number, prefix, option] of kinds) {
    if (number === undefined) continue;
    const value = sequenceOf(number, prefix, option);
    const [counter] = await db
      .insert(documentCounters)
      .values({ kind, value })
      .onConflictDoUpdate({ target: documentCounters.kind, set: { value: sql`greatest(${documentCounters.value}, ${value})` } })
      .returning({ value: documentCounters.value });
    continued[kind === 'invoice' ? 'invoice' : 'creditNote'] = counter!.value + 1;
  }
  return continued;
}

function differences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
  return tables.filter((table) => expected[table] !== found[table]).map((table) => `${table}: ${found[table] ?? 'missing'} rows, the backup had ${expected[table] ?? 'none'}`);
}

/**
 * `npm run restore -- --from FILE` (decision 056): checks the file (its checksum), loads it into an
 * empty target, checks every table's rows against the manifest, migrates forward to this code's
 * schema, and moves the document numbering on when asked. The target is left closed.
 */
export async function restoreBackup(options: {
  from: string;
  target: RestoreTarget;
  numbersFrom?: NumbersFrom;
  invoicing: Pick<InvoicingConfig, 'invoicePrefix' | 'creditNotePrefix'>;
}): Promise<RestoreReport> {
  const { from, target } = options;
  const { manifest, dump } = await readBackupFile(from);
  if (dump.bytes !== manifest.dump.bytes || (await sha256Of(from, dump)) !== manifest.dump.sha256) {
    throw new RestoreRefusedError(
      `The backup ${from} is damaged: its dump does not match the checksum its manifest wrote when it was taken (${manifest.dump.sha256.slice(0, 12)}…). Nothing was restored; use an older backup.`,
    );
  }
  if (manifest.database !== target.kind) {
    throw new RestoreRefusedError(
      manifest.database === 'pglite'
        ? `${from} is a backup of an embedded (PGlite) shop: restore it into a data dir (unset DATABASE_URL, set DATA_DIR), then move it to PostgreSQL with npm run db:export and db:import.`
        : `${from} is a backup of a PostgreSQL shop: set DATABASE_URL to an empty PostgreSQL database to restore it.`,
    );
  }
  await refuseUnlessEmpty(target);
  const database = await load(from, dump, target);
  let refused = false;
  try {
    const query = queryOf(database.db);
    const wrong = differences(manifest.rowCounts, await rowCountsOf(query));
    if (wrong.length > 0) {
      throw new RestoreRefusedError(
        `The restored database does not hold what the backup's manifest counted (${wrong.join('; ')}). Do not start the shop on it: empty the target and restore another backup.`,
      );
    }
    const migratedFrom = (await lastMigrationOf(query)) ?? 'none';
    await database.migrate();
    const migratedTo = (await lastMigrationOf(query)) ?? 'none';
    const continuedFrom = await continueDocumentNumbers(database.db, options.numbersFrom ?? {}, options.invoicing);
    return { manifest, migratedFrom, migratedTo, continuedFrom, warnings: warningsFor(manifest, continuedFrom) };
  } catch (error) {
    refused = error instanceof RestoreRefusedError;
    throw error;
  } finally {
    await database.close();
    // A PGlite dir that failed its check is removed, so that nobody starts a shop on it.
    if (refused && target.kind === 'pglite') rmSync(target.dataDir, { recursive: true, force: true });
  }
}

/**
 * Everything after the backup's moment is not in it. Invoices are the one loss that can do harm
 * beyond the orders themselves: numbers already sent to buyers would be issued again (decision 015).
 */
function warningsFor(manifest: BackupManifest, continued: RestoreReport['continuedFrom']): string[] {
  const warnings = [`The shop is as it was at ${manifest.takenAt}: orders, payments and accounts made after that moment are not in it.`];
  if (continued.invoice === undefined) {
    warnings.push(
      `The last invoice in the backup is ${manifest.lastInvoiceNumber ?? 'none'}. If the shop issued invoices after ${manifest.takenAt} ` +
        `(look at the last invoice mailed to SHOP_NOTIFY_EMAIL or your accounts), run npm run restore -- --invoice-numbers-from <that number> ` +
        `before the shop starts, or it will issue those numbers a second time.`,
    );
  }
  if (continued.creditNote === undefined && manifest.lastCreditNoteNumber) {
    warnings.push(`The last credit note in the backup is ${manifest.lastCreditNoteNumber}; --credit-note-numbers-from does for credit notes what --invoice-numbers-from does for invoices.`);
  }
  return warnings;
}
