import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { startTestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { firstTool, placePaidOrder } from '../test-support/test-orders.ts';
import { bearer } from '../test-support/test-users.ts';
import { TOOL_SORTS, type ToolSort } from '@voltline/shared/paging';
import type { Tool } from '@voltline/shared/tool';
import { tools } from '../db/schema.ts';

/** The catalogue and reviews are answered from a cache that every write invalidates. */
describe.each(testDatabaseKinds)('cached public lists on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });

  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });

  it.each(['/api/getTools', '/api/review'])('%s answers 304 to a matching ETag, and compresses', async (url) => {
    const plain = await get(url);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    const revalidated = await get(url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('shows a tool edit, a shipment and a new review at once', async () => {
    const before = await get('/api/getTools');
    const tool = await firstTool(shop);
    await shop.app.inject({
      method: 'PATCH',
      url: `/api/updateTool/${tool._id}`,
      headers: bearer(shop.admin),
      payload: { availableQuantity: tool.availableQuantity + 100, minimumOrderQuantity: tool.minimumOrderQuantity, price: tool.price },
    });
    const afterEdit = await get('/api/getTools', { 'if-none-match': before.headers.etag as string });
    expect(afterEdit.statusCode).toBe(200);
    expect(afterEdit.json()[0].availableQuantity).toBe(tool.availableQuantity + 100);
    expect((await get(`/api/getTool/${tool._id}`)).json().availableQuantity).toBe(tool.availableQuantity + 100);

    const orderId = await placePaidOrder(shop, shop.customer, afterEdit.json()[0]);
    await shop.app.inject({ method: 'PATCH', url: `/api/deliverConfirm/${orderId}`, headers: bearer(shop.admin), payload: {} });
    expect((await get('/api/getTools')).json()[0].availableQuantity).toBe(tool.availableQuantity + 100 - tool.minimumOrderQuantity);

    const reviewsBefore = await get('/api/review');
    await shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(shop.customer), payload: { review: 'Fresh', rating: 5 } });
    const reviewsAfter = await get('/api/review', { 'if-none-match': reviewsBefore.headers.etag as string });
    expect(reviewsAfter.statusCode).toBe(200);
    expect(reviewsAfter.json()[0].review).toBe('Fresh');
  });
});

/** Several instances on one PostgreSQL, without Redis: a write on one clears the others' caches (NOTIFY). */
describe.each(testDatabaseKinds.filter((kind) => kind.name === 'postgres'))('cached public lists of two instances without Redis on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });

  it("shows a tool edited on one instance on the other, whose cached catalogue it was, and a new review", async () => {
    const other = await startTestShop(kind, { sameDatabaseAs: shop });
    try {
      const readOther = async (url: string) => (await other.app.inject({ method: 'GET', url })).json();
      const tool = (await readOther('/api/getTools'))[0] as Tool;
      expect((await readOther(`/api/getTool/${tool._id}`)).availableQuantity).toBe(tool.availableQuantity);
      await readOther('/api/review');
      const edited = await shop.app.inject({
        method: 'PATCH',
        url: `/api/updateTool/${tool._id}`,
        headers: bearer(shop.admin),
        payload: { availableQuantity: tool.availableQuantity + 7, minimumOrderQuantity: tool.minimumOrderQuantity, price: tool.price },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      // The message comes through the database: in a moment, not at once.
      await expect.poll(async () => (await readOther('/api/getTools'))[0].availableQuantity).toBe(tool.availableQuantity + 7);
      // The tool's own answer is another cache, cleared by the same message: polled too, as the list is
      // (a CI run read it once, at once, before its clearing had arrived).
      await expect.poll(async () => (await readOther(`/api/getTool/${tool._id}`)).availableQuantity).toBe(tool.availableQuantity + 7);
      await shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(shop.customer), payload: { review: 'Seen everywhere', rating: 5 } });
      await expect.poll(async () => (await readOther('/api/review'))[0].review).toBe('Seen everywhere');
    } finally {
      await other.close();
    }
  });
});

/**
 * Anonymous visitors choose the page size and follow cursors, so the catalogue's cached pages are
 * many and of every size: the cache is bounded in bytes, whatever they ask for (decision 014).
 */
describe.each(testDatabaseKinds)('the cached catalogue under many page sizes and cursors on $name', (kind) => {
  const BUDGET_MB = 0.25;
  const shop = useTestShop(kind, { seed: true, environment: { LIST_CACHE_MB: String(BUDGET_MB) } });
  const TOOLS_ADDED = 150;
  const LIMITS = Array.from({ length: 14 }, (_unused, index) => 3 + 7 * index);

  /** Every page of one sort and size, following the Link header: the ids in order, and the bytes answered. */
  async function walk(sort: ToolSort, limit: number, budget: number) {
    const ids: string[] = [];
    const bodies: string[] = [];
    let url: string | undefined = `/api/getTools?sort=${sort}&limit=${limit}`;
    while (url) {
      const answer: LightMyRequestResponse = await shop.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      ids.push(...answer.json<Tool[]>().map((tool) => tool._id));
      bodies.push(answer.body);
      // Bounded after every answer, not only at the end.
      expect(shop.core.listCache.size().bytes).toBeLessThanOrEqual(budget);
      const link = (answer.headers.link as string | undefined) ?? '';
      url = /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
    }
    return { ids, bodies };
  }

  it(`keeps its pages within LIST_CACHE_MB (${BUDGET_MB}) through ${LIMITS.length} page sizes of every sort, twice, and answers the same pages`, { timeout: 180_000 }, async () => {
    await shop.database.db.insert(tools).values(
      Array.from({ length: TOOLS_ADDED }, (_unused, index) => ({
        toolName: `Bulk tool ${String(index).padStart(3, '0')}`,
        description: `A tool with a long description. ${'Torque, voltage and grip. '.repeat(40)}`,
        img: '/images/tools/jigsaw.svg',
        priceCents: (10 + ((index * 37) % 500)) * 100,
        minimumOrderQuantity: 1,
        availableQuantity: 100,
      })),
    );
    shop.core.listCache.invalidate();
    const { maxBytes } = shop.core.listCache.size();
    expect(maxBytes).toBe(BUDGET_MB * 1024 * 1024);
    const total = await shop.database.db.$count(tools);
    expect(total).toBeGreaterThan(TOOLS_ADDED);

    let answeredBytes = 0;
    let requests = 0;
    const firstPass = new Map<string, string[]>();
    for (const pass of [1, 2]) {
      for (const sort of TOOL_SORTS) {
        for (const limit of LIMITS) {
          const { ids, bodies } = await walk(sort, limit, maxBytes);
          requests += bodies.length;
          answeredBytes += bodies.reduce((sum, body) => sum + body.length, 0);
          // Every tool once, in the sort's order: evicted pages are read again, never mixed up.
          expect(ids).toHaveLength(total);
          expect(new Set(ids).size).toBe(total);
          const key = `${sort}:${limit}`;
          if (pass === 1) firstPass.set(key, bodies);
          else expect(bodies).toEqual(firstPass.get(key));
        }
        // The first page as the database answers it without the cache.
        const [first] = await walk(sort, 50, maxBytes).then(({ bodies }) => bodies);
        expect(JSON.parse(first!)).toEqual((await shop.core.catalogue.listTools({ sort, limit: 50, q: undefined })).items);
      }
    }
    // The pages answered would have filled the budget many times over.
    expect(answeredBytes).toBeGreaterThan(10 * maxBytes);
    expect(requests).toBeGreaterThan(500);
    expect(shop.core.listCache.size().bytes).toBeGreaterThan(maxBytes / 2);
  });
});
