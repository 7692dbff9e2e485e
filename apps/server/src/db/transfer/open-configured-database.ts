import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../client.ts';
import { acquireDataDirLock } from '../data-dir-lock.ts';

/** The database the configuration names, locked like the server locks it. */
export async function openConfiguredDatabase(config: Config): Promise<{ database: DatabaseHandle; release: () => Promise<void> }> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, config.databasePoolSize);
    return { database, release: () => database.close() };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const unlock = acquireDataDirLock(config.dataDir);
  const database = await openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
  return {
    database,
    release: async () => {
      await database.close();
      unlock();
    },
  };
}
