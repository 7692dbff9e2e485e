import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupSettings } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { DUMP_NAMES, sha256Of, writeBackupFile, type BackupManifest } from './backup-file.ts';

/** What the last backups did, kept in BACKUP_DIR so a restarted shop (and `npm run backup`) knows it. */
export interface BackupStatus {
  lastAttempt?: { startedAt: string; finishedAt: string; ok: boolean; file?: string; bytes?: number; error?: string };
  lastSuccess?: { takenAt: string; file: string; bytes: number };
}

/** The last backup as /api/ready tells it: when the last one succeeded, and how the last attempt ended. */
export function backupReadiness(status: BackupStatus) {
  const attempt = status.lastAttempt;
  return {
    lastSuccessAt: status.lastSuccess?.takenAt ?? null,
    lastAttemptAt: attempt?.startedAt ?? null,
    lastResult: attempt ? (attempt.ok ? 'ok' : `failed: ${attempt.error ?? 'no message'}`) : 'none yet',
  };
}

export const BACKUP_STATUS_FILE = 'last-backup.json';
const BACKUP_NAME = /^voltline-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(-\d{3})?Z\.backup$/;
/** After a failed backup the next try waits this long (or BACKUP_EVERY, if shorter), not the whole interval. */
const RETRY_AFTER_FAILURE_MS = 15 * 60 * 1000;

/** `voltline-2026-11-27T23-40-00-123Z.backup`: names sort as their moments do. */
const backupName = (at: Date) => `voltline-${at.toISOString().replace(/[:.]/g, '-')}.backup`;

export function readBackupStatus(dir: string): BackupStatus {
  try {
    return JSON.parse(readFileSync(path.join(dir, BACKUP_STATUS_FILE), 'utf8')) as BackupStatus;
  } catch {
    return {};
  }
}

function writeBackupStatus(dir: string, status: BackupStatus): void {
  // Aside, then renamed: `npm run backup` reads it while the shop writes it.
  const aside = path.join(dir, `.${BACKUP_STATUS_FILE}.${process.pid}`);
  writeFileSync(aside, JSON.stringify(status, null, 2));
  renameSync(aside, path.join(dir, BACKUP_STATUS_FILE));
}

/** The backups in the folder, oldest first. */
export function backupsIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
}

/** Only the newest `keep` stay: BACKUP_KEEP bounds the folder, whatever the interval. */
function removeOldBackups(dir: string, keep: number): string[] {
  const old = backupsIn(dir).slice(0, -keep);
  for (const name of old) rmSync(path.join(dir, name), { force: true });
  return old;
}

/**
 * Takes one backup into `settings.dir`: the dump and the backup file are written under names the
 * folder's listing ignores, and the backup file renamed to its own name only once whole, so a
 * backup listed is a complete one. Throws what went wrong; leaves nothing half-written behind.
 */
export async function takeBackup(database: DatabaseHandle, settings: BackupSettings, signal?: AbortSignal): Promise<{ file: string; manifest: BackupManifest }> {
  mkdirSync(settings.dir, { recursive: true });
  const takenAt = new Date();
  const name = backupName(takenAt);
  const dumpFile = path.join(settings.dir, `.${name}.dump.partial`);
  const partial = path.join(settings.dir, `.${name}.partial`);
  try {
    const facts = await database.dumpTo(dumpFile, signal);
    const manifest: BackupManifest = {
      format: 'voltline-backup/1',
      takenAt: takenAt.toISOString(),
      database: database.kind,
      ...facts,
      dump: { name: DUMP_NAMES[database.kind], bytes: statSync(dumpFile).size, sha256: await sha256Of(dumpFile) },
    };
    await writeBackupFile(partial, manifest, dumpFile);
    const file = path.join(settings.dir, name);
    renameSync(partial, file);
    removeOldBackups(settings.dir, settings.keep);
    return { file, manifest };
  } finally {
    rmSync(dumpFile, { force: true });
    rmSync(partial, { force: true });
  }
}

export interface Backups {
  /** Takes a backup now (one at a time: a call while one runs gets that one's outcome). */
  takeNow(): Promise<BackupStatus>;
  /** Starts the schedule (BACKUP_EVERY); returns the function that stops it and the backup under way. */
  start(): () => Promise<void>;
  status(): BackupStatus;
}

/**
 * The shop's backups while it sells (decision 056): every BACKUP_EVERY counted from the last
 * success (kept in the folder, so a restart does not take one more), and when asked. A failure is
 * logged and reported (the shop mails SHOP_NOTIFY_EMAIL through its outbox), never thrown: the
 * shop keeps selling, and the schedule tries again.
 */
export function createBackups(deps: {
  database: DatabaseHandle;
  settings: BackupSettings;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  reportFailure: (error: string, at: Date) => Promise<void>;
}): Backups {
  const { database, settings, log } = deps;
  let running: Promise<BackupStatus> | undefined;
  let stopping: AbortController | undefined;
  let status: BackupStatus = readBackupStatus(settings.dir);

  async function attempt(): Promise<BackupStatus> {
    const startedAt = new Date();
    const aborting = new AbortController();
    stopping = aborting;
    try {
      const { file, manifest } = await takeBackup(database, settings, aborting.signal);
      const bytes = statSync(file).size;
      status = {
        lastAttempt: { startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), ok: true, file, bytes },
        lastSuccess: { takenAt: manifest.takenAt, file, bytes },
      };
      log.info({ file, bytes, seconds: (Date.now() - startedAt.getTime()) / 1000 }, 'backup taken');
    } catch (error) {
      // Stopped by the shop's shutdown: not a failure to mail, and the last success stands.
      if (aborting.signal.aborted) {
        log.info('backup stopped: the shop is shutting down');
        return status;
      }
      const message = error instanceof Error ? error.message : String(error);
      status = { ...status, lastAttempt: { startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), ok: false, error: message } };
      log.error({ err: error }, 'backup failed');
      await deps.reportFailure(message, startedAt).catch((reportError: unknown) => log.error({ err: reportError }, 'could not report the failed backup'));
    } finally {
      stopping = undefined;
    }
    try {
      mkdirSync(settings.dir, { recursive: true });
      writeBackupStatus(settings.dir, status);
    } catch (error) {
      log.error({ err: error }, `could not write ${BACKUP_STATUS_FILE}`);
    }
    return status;
  }

  function takeNow(): Promise<BackupStatus> {
    running ??= attempt().finally(() => (running = undefined));
    return running;
  }

  /** Until the next backup is due: BACKUP_EVERY after the last success, and not sooner than a while after a failure. */
  function untilDue(everyMs: number): number {
    // Another instance sharing the folder may have taken one since.
    const kept = readBackupStatus(settings.dir).lastSuccess;
    if (kept && (!status.lastSuccess || kept.takenAt > status.lastSuccess.takenAt)) status = { ...status, lastSuccess: kept };
    const lastSuccess = status.lastSuccess ? Date.parse(status.lastSuccess.takenAt) : 0;
    const retryAt = status.lastAttempt?.ok === false ? Date.parse(status.lastAttempt.finishedAt) + Math.min(RETRY_AFTER_FAILURE_MS, everyMs) : 0;
    return Math.max(0, lastSuccess + everyMs - Date.now(), retryAt - Date.now());
  }

  return {
    takeNow,
    status: () => status,
    start() {
      const everyMs = settings.everyMs;
      let timer: NodeJS.Timeout | undefined;
      let stopped = false;
      const schedule = () => {
        if (stopped || everyMs === undefined) return;
        timer = setTimeout(() => void takeNow().then(schedule), untilDue(everyMs));
        // The shop's shutdown stops the schedule; the timer alone must not keep a stopping process alive.
        timer.unref();
      };
      schedule();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        // pg_dump is ended (its partial files removed); a PGlite dump ends with its transaction.
        stopping?.abort();
        await running?.catch(() => {});
      };
    },
  };
}
