import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** A temporary file older than this was left by a process that stopped while writing it. */
const ABANDONED_TEMP_MS = 60 * 60 * 1000;
const TEMP_SUFFIX = '.tmp';

/**
 * Drawn link preview pictures kept as files, one per name, so each is drawn once rather than once per
 * restart or memory eviction (docs/decisions/021). A file is written beside its name and renamed over
 * it, so a reader sees a whole picture or none. Past `maxBytes` the oldest written are deleted.
 */
export interface ShareImageStore {
  read(name: string): Promise<Buffer | undefined>;
  write(name: string, png: Buffer): Promise<void>;
}

export function openShareImageStore({ dir, maxBytes, log }: { dir: string; maxBytes: number; log: FastifyBaseLogger }): ShareImageStore {
  const fileOf = (name: string) => path.join(dir, `${name}.png`);
  // Sizes of the pictures on disk, oldest written first: read from the folder once, at the first write.
  let index: Promise<Map<string, number>> | undefined;
  let totalBytes = 0;

  async function readIndex(): Promise<Map<string, number>> {
    await mkdir(dir, { recursive: true });
    const files = await Promise.all(
      (await readdir(dir)).map(async (file) => ({ file, stats: await stat(path.join(dir, file)).catch(() => undefined) })),
    );
    const pictures = new Map<string, number>();
    for (const { file, stats } of files.sort((a, b) => (a.stats?.mtimeMs ?? 0) - (b.stats?.mtimeMs ?? 0))) {
      if (!stats) continue;
      if (file.endsWith('.png')) {
        pictures.set(file.slice(0, -'.png'.length), stats.size);
        totalBytes += stats.size;
      } else if (file.endsWith(TEMP_SUFFIX) && Date.now() - stats.mtimeMs > ABANDONED_TEMP_MS) {
        await unlink(path.join(dir, file)).catch(() => undefined);
      }
    }
    return pictures;
  }

  return {
    async read(name) {
      try {
        return await readFile(fileOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn({ err: error, name }, 'stored link preview picture not readable');
        return undefined;
      }
    },

    async write(name, png) {
      const pictures = await (index ??= readIndex());
      const temp = path.join(dir, `${name}.${randomUUID()}${TEMP_SUFFIX}`);
      await writeFile(temp, png);
      await rename(temp, fileOf(name));
      totalBytes += png.length - (pictures.get(name) ?? 0);
      pictures.delete(name);
      pictures.set(name, png.length);
      // Chosen without awaiting, so writes finishing together never pick the same pictures. The newest
      // is kept even when it alone is over the bound: it was just drawn for a request.
      const dropped: string[] = [];
      for (const [oldest, size] of pictures) {
        if (totalBytes <= maxBytes || oldest === name) break;
        pictures.delete(oldest);
        totalBytes -= size;
        dropped.push(oldest);
      }
      await Promise.all(dropped.map((oldest) => unlink(fileOf(oldest)).catch(() => undefined)));
    },
  };
}
