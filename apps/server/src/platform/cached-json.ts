import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { CacheBus } from './cache-bus.ts';
import type { Page } from './paging.ts';
import { createBoundedMemory } from './bounded-memory.ts';

/** One serialised answer, compressed once, with its validator (and, for a page, the next page's cursor). */
export interface CachedJson {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  nextCursor?: string;
}

export function toCachedJson(value: unknown, nextCursor?: string): CachedJson {
  const identity = Buffer.from(JSON.stringify(value));
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(identity, { level: 6 }),
    nextCursor,
  };
}

/** What an answer holds beyond its bytes (the object, its validator): counted so tiny answers are not free. */
const ENTRY_OVERHEAD_BYTES = 256;
const sizeOfAnswer = (entry: CachedJson) =>
  entry.identity.length + entry.br.length + entry.gzip.length + entry.etag.length + (entry.nextCursor?.length ?? 0) + ENTRY_OVERHEAD_BYTES;

/**
 * Public lists (catalogue, reviews) are read far more than written: each is serialised and
 * compressed once, answered from memory until a write invalidates it, and revalidated by ETag.
 * Pages are kept by their query, so odd cursors and limits make many of them: what is kept is
 * bounded in bytes (`maxBytes`), the least recently read going first (docs/decisions/014).
 */
export function createJsonCache({ bus, maxBytes }: { bus?: CacheBus; maxBytes: number }) {
  const kept = createBoundedMemory<CachedJson>(maxBytes, sizeOfAnswer);
  // Answers being read and compressed: one read per key however many ask at once, kept once done.
  const pending = new Map<string, Promise<CachedJson>>();
  let generation = 0;
  const clearLocally = () => {
    generation += 1;
    kept.clear();
    pending.clear();
  };
  // Another instance wrote: drop what this one remembers.
  bus?.onInvalidated(clearLocally);
  function remember(key: string, produce: () => Promise<CachedJson>): Promise<CachedJson> {
    const known = kept.get(key);
    if (known) return Promise.resolve(known);
    const inFlight = pending.get(key);
    if (inFlight) return inFlight;
    const startedAt = generation;
    const answer = produce();
    pending.set(key, answer);
    // A failed read is not kept, nor one that raced with a write.
    answer.then(
      (entry) => {
        if (pending.get(key) !== answer) return;
        pending.delete(key);
        if (startedAt === generation) kept.set(key, entry);
      },
      () => pending.get(key) === answer && pending.delete(key),
    );
    return answer;
  }
  return {
    get: (key: string, produce: () => Promise<unknown>): Promise<CachedJson> =>
      remember(key, () => produce().then((value) => toCachedJson(value))),
    /** A page of a list: its items, with the next page's cursor kept for the Link header. */
    getPage: (key: string, produce: () => Promise<Page<unknown>>): Promise<CachedJson> =>
      remember(key, () => produce().then((page) => toCachedJson(page.items, page.nextCursor))),
    /** What the kept answers take, in bytes, and the most they may. */
    size: () => ({ bytes: kept.calculatedSize, maxBytes: kept.maxSize }),
    /** After any write that changes what the lists show, on this instance and every other. */
    invalidate(): void {
      clearLocally();
      bus?.publish();
    },
  };
}
export type JsonCache = ReturnType<typeof createJsonCache>;
