// `npm run backup`: one backup now into BACKUP_DIR (decision 056), of the database the configuration
// names. A PGlite data dir belongs to the one process that opened it: while the shop runs, it is
// asked (SIGUSR2) to take the backup itself, and this waits for the outcome it records.
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../config.ts';
import { lockHolderOf } from '../../db/data-dir-lock.ts';
import { openConfiguredDatabase } from '../../db/transfer/open-configured-database.ts';
import { createBackups, readBackupStatus, type BackupStatus } from './backups.ts';

/** A backup of a large shop takes minutes (docs/operations.md); past this, the shop is not answering. */
const LONGEST_WAIT_MS = 60 * 60 * 1000;
const POLL_MS = 500;

function say(status: BackupStatus): void {
  const attempt = status.lastAttempt;
  if (attempt?.ok) console.log(`Backup written: ${attempt.file} (${attempt.bytes} bytes).`);
  else {
    console.error(`The backup failed: ${attempt?.error ?? 'no message'}`);
    process.exitCode = 1;
  }
}

async function askRunningShop(pid: number, backupDir: string): Promise<void> {
  const askedAt = new Date().toISOString();
  console.log(`The shop (pid ${pid}) has the data dir open: asking it for a backup into ${backupDir}…`);
  process.kill(pid, 'SIGUSR2');
  const giveUpAt = Date.now() + LONGEST_WAIT_MS;
  while (Date.now() < giveUpAt) {
    const status = readBackupStatus(backupDir);
    if (status.lastAttempt && status.lastAttempt.finishedAt >= askedAt) return say(status);
    await sleep(POLL_MS);
  }
  console.error(`The shop recorded no backup in ${backupDir} within an hour: see its log. (Does it run with the same BACKUP_DIR?)`);
  process.exitCode = 1;
}

const config = loadConfig();
const runningShop = config.databaseUrl ? undefined : lockHolderOf(config.dataDir);
if (runningShop !== undefined) await askRunningShop(runningShop, config.backups.dir);
else {
  const { database, release } = await openConfiguredDatabase(config);
  try {
    const log = { info: () => {}, error: () => {} };
    say(await createBackups({ database, settings: config.backups, log, reportFailure: async () => {} }).takeNow());
  } finally {
    await release();
  }
}
