import { describe, expect, it } from 'vitest';
import { toolSchema } from '@voltline/shared/tool';
import { DESCRIPTION_PREVIEW_LENGTH } from '@voltline/shared/shop-constants';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { tools } from '../db/schema.ts';

describe.each(testDatabaseKinds)('catalogue on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true });

  it('lists the seeded catalogue with the spec fields, newest first', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/getTools' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.length).toBeGreaterThanOrEqual(12);
    for (const tool of body) {
      expect(toolSchema.strict().parse(tool)).toEqual(tool);
      expect(tool.description.length).toBeGreaterThan(DESCRIPTION_PREVIEW_LENGTH);
      expect(tool.img).toMatch(/^\/images\//);
      expect(tool.availableQuantity).toBeGreaterThanOrEqual(tool.minimumOrderQuantity * 2);
    }
    const rows = await shop.database.db.select().from(tools);
    const newestFirst = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((row) => row.id);
    expect(body.map((tool: { _id: string }) => tool._id)).toEqual(newestFirst);
  });

  it('answers one tool by id', async () => {
    const [first] = (await shop.app.inject({ method: 'GET', url: '/api/getTools' })).json();
    const response = await shop.app.inject({ method: 'GET', url: `/api/getTool/${first._id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(first);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['an SQL-looking id', "1' or '1'='1"],
  ])('answers 404 JSON for %s', async (_label, toolId) => {
    const response = await shop.app.inject({ method: 'GET', url: `/api/getTool/${encodeURIComponent(toolId)}` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ error: 'not_found', message: 'Tool not found' });
  });

  it('answers an over-long id with a 4xx JSON refusal', async () => {
    const response = await shop.app.inject({ method: 'GET', url: `/api/getTool/${'x'.repeat(5000)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({ error: 'uri_too_long' });
  });

  it('seeds only on the first start', async () => {
    const { seedShopOnFirstStart } = await import('../db/seed/seed-shop.ts');
    const before = await shop.database.db.select().from(tools);
    expect(await seedShopOnFirstStart(shop.database.db)).toBe(false);
    const after = await shop.database.db.select().from(tools);
    expect(after.length).toBe(before.length);
  });
});
