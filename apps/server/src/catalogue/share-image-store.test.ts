import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../http/logging.ts';
import { openShareImageStore } from './share-image-store.ts';

describe('the store of drawn link preview pictures', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), 'voltline-share-store-')), 'share-images');
  });
  afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  const open = (maxBytes: number) => openShareImageStore({ dir, maxBytes, log: createLogger('silent') });
  const picture = (size: number, fill: number) => Buffer.alloc(size, fill);
  const files = () => readdirSync(dir).sort();

  it('reads back what it wrote, nothing for a name it never wrote, and leaves no temporary file', async () => {
    const store = open(1000);
    expect(await store.read('a')).toBeUndefined();
    await store.write('a', picture(100, 1));
    expect(await store.read('a')).toEqual(picture(100, 1));
    await store.write('a', picture(120, 2));
    expect(await open(1000).read('a')).toEqual(picture(120, 2));
    expect(files()).toEqual(['a.png']);
  });

  it('deletes the oldest pictures past its bound, counting those an earlier process left', async () => {
    const earlier = open(1000);
    await earlier.write('old', picture(400, 1));
    await earlier.write('older-still', picture(400, 2));
    // The folder's times, not the order of the names, say which is oldest.
    const past = Date.now() / 1000 - 60;
    utimesSync(path.join(dir, 'older-still.png'), past - 10, past - 10);
    utimesSync(path.join(dir, 'old.png'), past, past);

    const store = open(1000);
    await store.write('new', picture(400, 3));
    expect(files()).toEqual(['new.png', 'old.png']);
    await store.write('newest', picture(400, 4));
    expect(files()).toEqual(['new.png', 'newest.png']);
    expect(await store.read('old')).toBeUndefined();
  });

  it('keeps a picture bigger than the whole bound, the one just drawn, and clears temporary files a crash left', async () => {
    await mkdir(dir, { recursive: true });
    const abandoned = path.join(dir, 'x.1234.tmp');
    writeFileSync(abandoned, 'half a picture');
    const longAgo = Date.now() / 1000 - 2 * 3600;
    utimesSync(abandoned, longAgo, longAgo);
    const store = open(100);
    await store.write('small', picture(50, 1));
    await store.write('huge', picture(500, 2));
    expect(files()).toEqual(['huge.png']);
  });
});
