import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emptyClusterDir } from './empty-pglite.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const migrationsFolder = path.join(repoRoot, 'apps/server/src/db/migrations');

/** What the shop's migrations hold: their files' names and contents, hashed. */
export function migrationsDigest(): string {
  const contents = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) contents.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return contents.digest('hex');
}

/**
 * The empty cluster with every migration applied, as a data dir to copy into a fresh shop's
 * DATA_DIR/pglite (never to open: it is shared). A shop migrating an empty cluster spent about
 * 2.7 s of CPU on it at every start, and the browser journeys start about thirty; from this copy its
 * own migrate() finds nothing to do (and still runs, as on every start). Made once per PGlite version
 * and migrations' contents, by the shop's own migrate() in a process of its own (the shop's code is
 * not test-kit's to import), and kept in the temp folder: a new or changed migration names a new one.
 */
export async function migratedClusterDir(): Promise<string> {
  const empty = await emptyClusterDir();
  const name = createHash('sha256').update(empty).update(migrationsDigest()).digest('hex').slice(0, 16);
  const dir = path.join(tmpdir(), `voltline-migrated-pglite-dir-${name}`);
  if (existsSync(dir)) return dir;
  const making = mkdtempSync(`${dir}-making-`);
  try {
    cpSync(empty, making, { recursive: true });
    const migrating = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "const { openPglite } = await import('./apps/server/src/db/client.ts'); const database = await openPglite({ dataDir: process.argv[1] }); await database.migrate(); await database.close();",
        making,
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    if (migrating.status !== 0) throw new Error(`Migrating the template cluster failed:\n${migrating.stderr}`);
    // Renamed when whole, so a journey starting beside this one never copies half of it.
    renameSync(making, dir);
    forgetOldTemplates(dir);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    // Another run made it meanwhile: theirs is the same.
    if (!existsSync(dir)) throw error;
  }
  return dir;
}

/** How long a template of other migrations is kept: a checkout of another branch may still use it. */
const OLD_TEMPLATE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the templates of other migrations made more than a day ago: each new or changed migration
 * names a new one (tens of MB), and the temp folder kept every one of them. A younger one may be
 * another checkout's, in use.
 */
function forgetOldTemplates(current: string): void {
  const prefix = 'voltline-migrated-pglite-dir-';
  for (const entry of readdirSync(tmpdir())) {
    const dir = path.join(tmpdir(), entry);
    if (!entry.startsWith(prefix) || dir === current) continue;
    try {
      if (Date.now() - statSync(dir).mtimeMs > OLD_TEMPLATE_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}
