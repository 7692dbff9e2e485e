import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedJson } from '../platform/cached-json.ts';
import type { Page } from '../platform/paging.ts';

/**
 * The reply writers the routes share: a page of a list with its Link header, a CSV file, and an answer the
 * domains keep serialised and compressed (platform/cached-json.ts), revalidated by its ETag.
 */

/**
 * The spec's lists answer a JSON array; the next page is announced as GitHub's API does, in a
 * `Link` header that repeats the request with the next cursor.
 */
function setNextPageLink(request: FastifyRequest, reply: FastifyReply, nextCursor: string | undefined): void {
  if (nextCursor === undefined) return;
  const url = new URL(request.url, 'http://link.invalid');
  url.searchParams.set('cursor', nextCursor);
  reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
}

/** Sends a page: the array, and the link to the next one. */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  setNextPageLink(request, reply, page.nextCursor);
  return page.items;
}

/** Sends a CSV file to download as `filename` (a whole text, or a stream of its rows). */
export function sendCsv(reply: FastifyReply, filename: string, csv: string | Readable) {
  return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${filename}"`).send(csv);
}

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
