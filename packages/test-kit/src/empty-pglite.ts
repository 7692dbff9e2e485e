import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * An empty PGlite cluster, made once per PGlite version on this machine and kept in the temp folder:
 * making one (initdb) takes PGlite 2-5 s, and the tests start hundreds of fresh databases. It is
 * kept in the two forms they start from: an archive, loaded into a throw-away database in memory
 * (about 0.5 s; every server test file opens several, each in a process of its own), and a data dir,
 * copied into each browser journey's fresh shop (0.3 s), which finds a cluster where it keeps one
 * (DATA_DIR/pglite) and migrates and seeds it as it would a new one.
 */
const cacheName = (() => {
  const packageFile = fileURLToPath(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')));
  const { version } = JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string };
  return path.join(tmpdir(), `voltline-empty-pglite-${version}`);
})();

let archive: Promise<Blob> | undefined;

async function makeArchive(): Promise<Blob> {
  const file = `${cacheName}.tar`;
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = new PGlite();
  const files = await client.waitReady.then(() => client.dumpDataDir('none'));
  await client.close();
  // Written aside and renamed, so a test file running beside this one never reads half of it.
  const making = `${file}.${process.pid}`;
  writeFileSync(making, Buffer.from(await files.arrayBuffer()));
  renameSync(making, file);
  return files;
}

/** The empty cluster's files, for `new PGlite({ loadDataDir })`: read once per process. */
export function emptyClusterArchive(): Promise<Blob> {
  archive ??= makeArchive();
  archive.catch(() => (archive = undefined));
  return archive;
}

/** A data dir holding the empty cluster, to copy (never to open: it is shared). */
export async function emptyClusterDir(): Promise<string> {
  if (existsSync(cacheName)) return cacheName;
  const making = mkdtempSync(`${cacheName}-making-`);
  const cluster = new PGlite(making, { loadDataDir: await emptyClusterArchive() });
  await cluster.waitReady;
  await cluster.close();
  try {
    renameSync(making, cacheName);
  } catch {
    // Another run made it meanwhile: theirs is the same.
    rmSync(making, { recursive: true, force: true });
  }
  return cacheName;
}
