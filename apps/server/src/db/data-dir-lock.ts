import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is single-process: two servers writing one data directory would corrupt it. The first
 * process writes its pid into DATA_DIR/server.lock; a second one finds a live pid there and stops.
 * A lock left by a process that died (kill -9, power loss) is taken over.
 */
export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lockPathOf = (dataDir: string) => path.join(dataDir, 'server.lock');

/** The pid of the live server that holds the data dir, if one does. */
export function lockHolderOf(dataDir: string): number | undefined {
  let holder: number;
  try {
    holder = Number.parseInt(readFileSync(lockPathOf(dataDir), 'utf8'), 10);
  } catch {
    return undefined;
  }
  return Number.isInteger(holder) && holder !== process.pid && isAlive(holder) ? holder : undefined;
}

export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = lockPathOf(dataDir);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolderOf(dataDir);
      if (holder !== undefined) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Voltline server (pid ${holder}). ` +
            'Stop that server first, or start this one with another DATA_DIR.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
