import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CacheBus } from '../platform/cache-bus.ts';
import { setNextPageLink, type Page } from '../platform/paging.ts';

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

/** Pages of public lists are cached by their query: a bound keeps odd cursors and limits from filling memory. */
const MAX_CACHED_ANSWERS = 2000;

/**
 * Public lists (catalogue, reviews) are read far more than written: each is serialised and
 * compressed once, answered from memory until a write invalidates it, and revalidated by ETag.
 */
export function createJsonCache(bus?: CacheBus) {
  const entries = new Map<string, Promise<CachedJson>>();
  let generation = 0;
  const clearLocally = () => {
    generation += 1;
    entries.clear();
  };
  // Another instance wrote: drop what this one remembers.
  bus?.onInvalidated(clearLocally);
  function remember(key: string, produce: () => Promise<CachedJson>): Promise<CachedJson> {
    const cached = entries.get(key);
    if (cached) return cached;
    const startedAt = generation;
    const pending = produce();
    if (entries.size >= MAX_CACHED_ANSWERS) entries.delete(entries.keys().next().value!);
    entries.set(key, pending);
    // A failed read is not remembered; one that raced with a write is dropped once it lands.
    pending.then(
      () => startedAt !== generation && entries.get(key) === pending && entries.delete(key),
      () => entries.get(key) === pending && entries.delete(key),
    );
    return pending;
  }
  return {
    get: (key: string, produce: () => Promise<unknown>): Promise<CachedJson> =>
      remember(key, () => produce().then((value) => toCachedJson(value))),
    /** A page of a list: its items, with the next page's cursor kept for the Link header. */
    getPage: (key: string, produce: () => Promise<Page<unknown>>): Promise<CachedJson> =>
      remember(key, () => produce().then((page) => toCachedJson(page.items, page.nextCursor))),
    /** After any write that changes what the lists show, on this instance and every other. */
    invalidate(): void {
      clearLocally();
      bus?.publish();
    },
  };
}
export type JsonCache = ReturnType<typeof createJsonCache>;

/** The better of the two encodings the shop sends that the client accepts. */
export function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** Sends a cached answer: 304 when the client already has it, else the best encoding it accepts. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, entry: CachedJson) {
  reply.header('ETag', entry.etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  setNextPageLink(request, reply, entry.nextCursor);
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  const encoding = acceptedEncoding(request);
  reply.type('application/json; charset=utf-8');
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(encoding ? entry[encoding] : entry.identity);
}
