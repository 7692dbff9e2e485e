import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { nextCursorFromLink } from '@voltline/shared/link-header';

/**
 * Every page of a list at `url` (which has a query already), following the Link header as a page's
 * Show more does: what a client that pages to the end is answered, in order. At most 50 pages.
 * `headers` sign the walk in (an admin's list).
 */
export async function walkPages<Item>(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<Item[]> {
  const found: Item[] = [];
  for (let next: string | undefined = url, pages = 0; next !== undefined; pages += 1) {
    const response = await app.inject({ method: 'GET', url: next, headers });
    expect(response.statusCode, response.body).toBe(200);
    found.push(...(response.json() as Item[]));
    const cursor = nextCursorFromLink(response.headers.link as string | undefined);
    next = cursor === undefined ? undefined : `${url}&cursor=${encodeURIComponent(cursor)}`;
    expect(pages).toBeLessThan(50);
  }
  return found;
}
