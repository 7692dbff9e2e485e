// `npm run restore -- --from FILE [--invoice-numbers-from INV-000123] [--credit-note-numbers-from CN-000007]`:
// a backup into an empty data dir (DATA_DIR/pglite) or an empty PostgreSQL database (DATABASE_URL),
// decision 056. Without --from, only moves the stopped shop's numbering on past the numbers given.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { acquireDataDirLock } from '../../db/data-dir-lock.ts';
import { openConfiguredDatabase } from '../../db/transfer/open-configured-database.ts';
import { continueDocumentNumbers, restoreBackup, type RestoreTarget } from './restore.ts';

const { values } = parseArgs({
  options: { from: { type: 'string' }, 'invoice-numbers-from': { type: 'string' }, 'credit-note-numbers-from': { type: 'string' } },
});
const numbersFrom = { invoice: values['invoice-numbers-from'], creditNote: values['credit-note-numbers-from'] };
const config = loadConfig();

const nextNumbers = (next: { invoice?: number; creditNote?: number }) =>
  [next.invoice && `the next invoice is number ${next.invoice}`, next.creditNote && `the next credit note is number ${next.creditNote}`].filter(Boolean).join(', ');

async function restore(from: string): Promise<void> {
  const target: RestoreTarget = config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
  // A PGlite shop running on DATA_DIR refuses here, in the lock's own words.
  mkdirSync(config.dataDir, { recursive: true });
  const unlock = target.kind === 'pglite' ? acquireDataDirLock(config.dataDir) : () => {};
  try {
    const report = await restoreBackup({ from, target, numbersFrom, invoicing: config.invoicing });
    const counted = Object.values(report.manifest.rowCounts).reduce((sum, count) => sum + count, 0);
    console.log(`Restored ${from}: ${counted} rows in ${Object.keys(report.manifest.rowCounts).length} tables, as counted at ${report.manifest.takenAt}.`);
    console.log(report.migratedFrom === report.migratedTo ? `Schema: ${report.migratedTo}.` : `Schema migrated forward from ${report.migratedFrom} to ${report.migratedTo}.`);
    if (nextNumbers(report.continuedFrom)) console.log(`Numbering continued: ${nextNumbers(report.continuedFrom)}.`);
    for (const warning of report.warnings) console.warn(`Warning: ${warning}`);
  } finally {
    unlock();
  }
}

async function continueNumbering(): Promise<void> {
  const { database, release } = await openConfiguredDatabase(config);
  try {
    console.log(`Numbering continued: ${nextNumbers(await continueDocumentNumbers(database.db, numbersFrom, config.invoicing))}.`);
  } finally {
    await release();
  }
}

try {
  if (values.from) await restore(values.from);
  else if (numbersFrom.invoice || numbersFrom.creditNote) await continueNumbering();
  else throw new Error('Name the backup to restore: npm run restore -- --from DATA_DIR/backups/voltline-….backup');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
