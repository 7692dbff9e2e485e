import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { firstTool, placePaidOrder } from '../test-support/test-orders.ts';
import { bearer } from '../test-support/test-users.ts';

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
