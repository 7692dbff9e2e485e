import { beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { TOOL_SORTS, type ToolSort } from '@voltline/shared/paging';
import { toolSchema, type Tool } from '@voltline/shared/tool';
import { DESCRIPTION_PREVIEW_LENGTH } from '@voltline/shared/shop-constants';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { walkPages } from '../test-support/walk-pages.ts';
import { tools } from '../db/schema.ts';
import { toolSearchMatches, toolSearchRank } from './tool-search.ts';

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
    // The list's fields, with its category and specifications (issue 40: the seeded tools have theirs), its family and what fits it.
    const { category, specifications, family, accessories, fits, ...listed } = response.json();
    expect(listed).toEqual(first);
    expect(category === null || typeof category.slug === 'string').toBe(true);
    expect(Array.isArray(specifications)).toBe(true);
    expect({ family, accessories, fits }).toEqual({ family: null, accessories: { items: [], more: false }, fits: { items: [], more: false } });
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
    const { seedShopOnFirstStart } = await import('../seed/seed-shop.ts');
    const before = await shop.database.db.select().from(tools);
    expect(await seedShopOnFirstStart(shop.database.db)).toBe(false);
    const after = await shop.database.db.select().from(tools);
    expect(after.length).toBe(before.length);
  });

  /**
   * The catalogue page (issue 28) pages a search in each order: every matching tool once, in the
   * order asked for, whatever the page size, and the first pages of the lists kept in memory
   * (decision 014) are each sort's own.
   */
  describe('search, sort and Show more', () => {
    const SEARCH = 'Sorted lamp';
    beforeAll(async () => {
      // Prices with ties (the id decides between them), names whose case differs from their order.
      await shop.database.db.insert(tools).values(
        Array.from({ length: 23 }, (_, index) => ({
          toolName: `${index % 2 === 0 ? 'sorted' : 'SORTED'} Lamp ${String.fromCharCode(97 + ((index * 7) % 23))}${index}`,
          description: 'A lamp for the sorting test, described at comfortably more than ninety characters in all.',
          img: '/images/tools/led-work-light.svg',
          priceCents: (20 + (index % 5)) * 100,
          minimumOrderQuantity: 1,
          availableQuantity: 10,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index % 4)),
        })),
      );
    });

    const expectedOrder: Record<ToolSort, SQL[]> = {
      newest: [desc(tools.createdAt), desc(tools.id)],
      'price-asc': [asc(tools.priceCents), asc(tools.id)],
      'price-desc': [desc(tools.priceCents), desc(tools.id)],
      name: [sql`lower(${tools.toolName})`, asc(tools.id)],
      // The best match of the search first (tool-search.ts); without a search, the newest first.
      relevance: [desc(toolSearchRank(SEARCH)), desc(tools.id)],
    };

    /** Every page of `url`, following the Link header as the page's Show more does. */
    const walk = (url: string) => walkPages<Tool>(shop.app, url);

    it.each(TOOL_SORTS)('pages a search sorted %s: every match once, in order', async (sort) => {
      const expected = await shop.database.db
        .select({ id: tools.id })
        .from(tools)
        .where(sql`lower(${tools.toolName}) like 'sorted lamp%'`)
        .orderBy(...expectedOrder[sort]);
      expect(expected).toHaveLength(23);
      const found = await walk(`/api/getTools?q=${encodeURIComponent(SEARCH.toUpperCase())}&sort=${sort}&limit=5`);
      expect(found.map((tool) => tool._id)).toEqual(expected.map((row) => row.id));
    });

    it('keeps each sort\'s first page apart in memory', async () => {
      for (const sort of TOOL_SORTS) {
        const expected = await shop.database.db.select({ id: tools.id }).from(tools).orderBy(...expectedOrder[sort === 'relevance' ? 'newest' : sort]).limit(4);
        // Twice: the second answer comes from memory, and must still be this sort's.
        for (let time = 0; time < 2; time += 1) {
          const response = await shop.app.inject({ method: 'GET', url: `/api/getTools?limit=4&sort=${sort}` });
          expect((response.json() as Tool[]).map((tool) => tool._id), `${sort}, answer ${time + 1}`).toEqual(expected.map((row) => row.id));
        }
      }
    });

    it.each(['cheapest', 'PRICE-ASC', 'price', ''])('answers sort=%s with 400 in words', async (sort) => {
      const response = await shop.app.inject({ method: 'GET', url: `/api/getTools?sort=${sort}&q=lamp` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'bad_request',
        message: expect.stringContaining('sort must be one of newest, price-asc, price-desc, name'),
      });
    });

    it('shows the sort and its values in the OpenAPI document', async () => {
      const document = (await shop.app.inject({ method: 'GET', url: '/api/docs' })).json();
      const parameters = document.paths['/api/getTools'].get.parameters as { name: string; schema: { enum?: string[] } }[];
      expect(parameters.find((parameter) => parameter.name === 'sort')?.schema.enum).toEqual([...TOOL_SORTS]);
      expect(parameters.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['q', 'limit', 'cursor']));
    });
  });

  /** Issue 43: the words of a search in any order, a plural finding the singular, on the trigram index. */
  describe('search by words', () => {
    const NAMES = ['Qx Hammer Drill 18V', 'Qx Drill-Hammer SDS', 'Qx Cordless Drills Kit', 'Qx Rotary Hammer', 'Qx Battery Pack', 'Qx Glass Cutter'];
    beforeAll(async () => {
      await shop.database.db.insert(tools).values(
        NAMES.map((toolName) => ({
          toolName,
          description: 'A tool for the search test, described at comfortably more than ninety characters in all of it.',
          img: '/images/tools/led-work-light.svg',
          priceCents: 5000,
          minimumOrderQuantity: 1,
          availableQuantity: 10,
        })),
      );
    });
    const found = async (q: string) => {
      const response = await shop.app.inject({ method: 'GET', url: `/api/getTools?sort=name&q=${encodeURIComponent(q)}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Tool[]).map((tool) => tool.toolName).filter((name) => name.startsWith('Qx '));
    };

    it('finds the same tools for "hammer drill" and "drill hammer", and every drill for "drills"', async () => {
      const hammerDrills = ['Qx Drill-Hammer SDS', 'Qx Hammer Drill 18V'];
      expect(await found('hammer drill')).toEqual(hammerDrills);
      expect(await found('drill hammer')).toEqual(hammerDrills);
      expect(await found('  DRILL   hammers ')).toEqual(hammerDrills);
      expect(await found('drills')).toEqual(['Qx Cordless Drills Kit', 'Qx Drill-Hammer SDS', 'Qx Hammer Drill 18V']);
      expect(await found('qx batteries')).toEqual(['Qx Battery Pack']);
      // "ss" is not a plural: glass stays glass.
      expect(await found('glass')).toEqual(['Qx Glass Cutter']);
      expect(await found('hammer saw')).toEqual([]);
    });

    it('answers a search of two words from the trigram index, not by reading every tool', async () => {
      const plan = await shop.database.db.transaction(async (tx) => {
        // With the few rows of a test a scan is cheapest; without it the planner shows which index serves the words.
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql`explain select ${tools.id} from ${tools} where ${toolSearchMatches('drill hammers')}`);
        return (result as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
      });
      expect(plan).toContain('tools_name_trgm_idx');
      expect(plan).not.toMatch(/Seq Scan/);
    });
  });
});
