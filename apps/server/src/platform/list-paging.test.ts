import { asc, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextCursorFromLink } from '@voltline/shared/link-header';
import { notifications, orders, reviews, tools, userProfiles, webhookEndpoints } from '../db/schema.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, type TestUser } from '../test-support/test-users.ts';

/**
 * Every list that grows with the business pages on the server: walking the pages returns each row
 * once and in order even while rows arrive between requests, and the paging parameters are checked.
 */
describe.each(testDatabaseKinds)('list paging on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });

  const get = (url: string, user?: TestUser) => shop.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });

  /** Follows the Link headers from `url` to the end, calling `between` after every page. */
  async function walk(url: string, user?: TestUser, between?: (page: number) => Promise<void>): Promise<string[]> {
    const ids: string[] = [];
    let next: string | undefined = url;
    for (let page = 0; next !== undefined; page += 1) {
      const response = await get(next, user);
      expect(response.statusCode, response.body).toBe(200);
      const items = response.json() as { _id: string }[];
      ids.push(...items.map((item) => item._id));
      const link = response.headers.link as string | undefined;
      const cursor = nextCursorFromLink(link);
      next = cursor === undefined ? undefined : link!.slice(link!.indexOf('<') + 1, link!.indexOf('>'));
      expect(page).toBeLessThan(1000);
      await between?.(page);
    }
    return ids;
  }

  let toolCounter = 0;
  async function addTools(count: number, createdAt?: Date) {
    const rows = Array.from({ length: count }, () => {
      toolCounter += 1;
      return {
        toolName: `Paging tool ${String(toolCounter).padStart(4, '0')} ${toolCounter % 3 === 0 ? 'drill' : 'saw'}`,
        description: 'A tool for the paging test.',
        img: '/images/tools/jigsaw.svg',
        // Many ties: the id keeps the order total.
        priceCents: (10 + (toolCounter % 4)) * 100,
        minimumOrderQuantity: 1,
        availableQuantity: 50,
        ...(createdAt ? { createdAt } : {}),
      };
    });
    await shop.database.db.insert(tools).values(rows);
  }

  let orderCounter = 0;
  async function addOrders(count: number, fields: Partial<typeof orders.$inferInsert> = {}, createdAt?: Date) {
    const rows = Array.from({ length: count }, () => {
      orderCounter += 1;
      return {
        product: `Product ${orderCounter % 5}`,
        img: '/images/tools/jigsaw.svg',
        unitPriceCents: 1000,
        quantity: 1,
        priceCents: 1000,
        buyer: `Buyer ${orderCounter % 7}`,
        buyerEamil: `buyer${orderCounter % 7}@example.com`,
        phone: '5550100',
        address: '1 Circuit Road',
        purchaseDate: '2026-01-01',
        ...(orderCounter % 3 === 0 ? { status: 'paid' as const, transactionId: `txn_${orderCounter}`, delivery: 'pending' as const } : {}),
        ...(createdAt ? { createdAt } : {}),
        ...fields,
      };
    });
    return shop.database.db.insert(orders).values(rows).returning({ id: orders.id });
  }

  describe('the catalogue', () => {
    beforeAll(async () => {
      // Same-moment rows test the id tie-breaker: a timestamp alone would skip or repeat them.
      await addTools(12, new Date('2026-03-01T10:00:00.123Z'));
      await addTools(30);
    });

    const expectedOrder = {
      newest: sql`created_at desc, id desc`,
      'price-asc': sql`price_cents asc, id asc`,
      'price-desc': sql`price_cents desc, id desc`,
      name: sql`lower(tool_name) asc, id asc`,
    };
    it.each(Object.keys(expectedOrder) as (keyof typeof expectedOrder)[])(
      'sort %s: every tool once, in order, while tools are added between pages',
      async (sort) => {
        const before = await shop.database.db.select({ id: tools.id }).from(tools).orderBy(expectedOrder[sort]);
        const ids = await walk(`/api/getTools?sort=${sort}&limit=7`, undefined, () => addTools(2));
        expect(new Set(ids).size).toBe(ids.length);
        const known = new Set(before.map((row) => row.id));
        expect(ids.filter((id) => known.has(id))).toEqual(before.map((row) => row.id));
      },
    );

    it('answers at most the default page without limit, and the admin list pages the same way', async () => {
      const all = await shop.database.db.select({ id: tools.id }).from(tools);
      const first = await get('/api/getTools');
      expect(first.json()).toHaveLength(Math.min(100, all.length));
      const adminIds = await walk('/api/adminGetTools?limit=9', shop.admin);
      expect(new Set(adminIds).size).toBe(adminIds.length);
      expect(adminIds.length).toBeGreaterThanOrEqual(all.length);
    });

    it('finds tools by name, treating % and _ as plain characters', async () => {
      const drills = (await get('/api/getTools?q=DRILL&limit=100')).json() as { toolName: string }[];
      expect(drills.length).toBeGreaterThan(0);
      expect(drills.every((tool) => tool.toolName.toLowerCase().includes('drill'))).toBe(true);
      expect((await get('/api/getTools?q=%25')).json()).toEqual([]);
      expect((await get('/api/getTools?q=Paging_tool')).json()).toEqual([]);
      expect((await get(`/api/getTools?q=${encodeURIComponent("' or 1=1 --")}`)).json()).toEqual([]);
    });
  });

  describe('Manage All Orders', () => {
    let ordersBefore: string[];
    beforeAll(async () => {
      await addOrders(40, {}, new Date('2026-02-01T09:00:00.000Z'));
      await addOrders(90);
      ordersBefore = (
        await shop.database.db.select({ id: orders.id }).from(orders).orderBy(desc(orders.createdAt), desc(orders.id))
      ).map((row) => row.id);
    });

    it('walks every order once, newest first, while orders are placed between pages', async () => {
      const ids = await walk('/api/adminPurchased?limit=13', shop.admin, async () => {
        await addOrders(3);
      });
      expect(new Set(ids).size).toBe(ids.length);
      // Orders placed after the walk began are newer than its position: they never shift later pages.
      expect(ids).toEqual(ordersBefore);
    });

    it('pages within a filter', async () => {
      const pending = await walk('/api/adminPurchased?delivery=pending&limit=5', shop.admin);
      const expected = await shop.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(sql`delivery = 'pending' and cancelled_at is null`)
        .orderBy(desc(orders.createdAt), desc(orders.id));
      expect(pending).toEqual(expected.map((row) => row.id));
    });

    it('finds an order by its id, buyer email, buyer name, product and transaction id', async () => {
      const [special] = await addOrders(1, {
        buyer: 'Zoë Quartermain',
        buyerEamil: 'zoe.q@builders.example',
        product: 'Rotary Hammer XR',
        status: 'paid',
        transactionId: 'pi_SearchMe_123',
        delivery: 'pending',
      });
      const find = async (q: string) =>
        ((await get(`/api/adminPurchased?q=${encodeURIComponent(q)}`, shop.admin)).json() as { _id: string }[]).map((order) => order._id);
      expect(await find(special!.id)).toEqual([special!.id]);
      expect(await find(special!.id.toUpperCase())).toEqual([special!.id]);
      expect(await find('ZOE.Q@builders')).toEqual([special!.id]);
      expect(await find('zoë quarter')).toEqual([special!.id]);
      expect(await find('rotary hammer')).toEqual([special!.id]);
      expect(await find('pi_SearchMe_123')).toEqual([special!.id]);
    });

    it('exports every matching order to CSV, across read batches, ignoring limit and cursor', async () => {
      await addOrders(2100, { buyer: 'Bulk Buyer' });
      const expected = await shop.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(sql`lower(buyer) like '%bulk buyer%'`)
        .orderBy(desc(orders.createdAt), desc(orders.id));
      const response = await get('/api/adminPurchased/export.csv?q=bulk%20buyer&limit=5', shop.admin);
      expect(response.statusCode).toBe(200);
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toMatch(/^_id,/);
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected.map((row) => row.id));
    });

    it('matches % and _ literally and SQL text as text', async () => {
      const [underscore] = await addOrders(1, { buyer: 'a_b literal' });
      await addOrders(1, { buyer: 'axb literal' });
      const find = async (q: string) =>
        ((await get(`/api/adminPurchased?q=${encodeURIComponent(q)}`, shop.admin)).json() as { _id: string }[]).map((order) => order._id);
      expect(await find('a_b')).toEqual([underscore!.id]);
      expect(await find('%')).toEqual([]);
      expect(await find("' or '1'='1")).toEqual([]);
    });
  });

  describe('customers, reviews and the webhook log', () => {
    it('pages customers oldest first and finds them by the start of their email or name', async () => {
      await shop.database.db.insert(userProfiles).values(
        Array.from({ length: 25 }, (_, i) => ({
          name: i === 7 ? 'Priya Osei_x' : `Customer ${i}`,
          email: i === 7 ? 'priya.osei@trade.example' : `customer-${i}@example.com`,
          createdAt: new Date('2026-04-01T08:00:00Z'),
        })),
      );
      const expected = await shop.database.db.select({ id: userProfiles.id }).from(userProfiles).orderBy(asc(userProfiles.createdAt), asc(userProfiles.id));
      expect(await walk('/api/allUsers?limit=6', shop.admin)).toEqual(expected.map((row) => row.id));
      const find = async (q: string) =>
        ((await get(`/api/allUsers?q=${encodeURIComponent(q)}`, shop.admin)).json() as { email: string }[]).map((profile) => profile.email);
      expect(await find('PRIYA.O')).toEqual(['priya.osei@trade.example']);
      expect(await find('priya osei_')).toEqual(['priya.osei@trade.example']);
      expect(await find('priya osei%')).toEqual([]);
      expect((await get('/api/allUsers?limit=2', shop.customer)).statusCode).toBe(403);
    });

    it('pages reviews newest first and answers their count and average', async () => {
      await shop.database.db.insert(reviews).values(
        Array.from({ length: 23 }, (_, i) => ({
          userName: `Reviewer ${i}`,
          userEmail: `reviewer-${i}@example.com`,
          review: 'Solid tool.',
          rating: 1 + (i % 5),
          reviewDate: 'Jan 1, 2026',
          reviewTime: '9:00 AM',
          createdAt: new Date('2026-05-01T08:00:00Z'),
        })),
      );
      const expected = await shop.database.db.select({ id: reviews.id, rating: reviews.rating }).from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
      expect(await walk('/api/review?limit=4')).toEqual(expected.map((row) => row.id));
      const summary = (await get('/api/review/summary')).json();
      const average = expected.reduce((sum, row) => sum + row.rating, 0) / expected.length;
      expect(summary).toEqual({ count: expected.length, averageRating: Math.round(average * 10) / 10 });
    });

    it("pages a webhook endpoint's delivery log", async () => {
      const [endpoint] = await shop.database.db
        .insert(webhookEndpoints)
        .values({ url: 'https://erp.example.com/hook', events: ['order.paid'], secret: 'whsec_test' })
        .returning();
      await shop.database.db.insert(notifications).values(
        Array.from({ length: 17 }, (_, i) => ({
          channel: 'webhook' as const,
          target: endpoint!.id,
          eventType: 'order.paid',
          payload: { n: i },
          createdAt: new Date(Date.UTC(2026, 5, 1, 8, 0, i % 4)),
        })),
      );
      const expected = await shop.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.target, endpoint!.id))
        .orderBy(desc(notifications.createdAt), desc(notifications.id));
      expect(await walk(`/api/webhook-endpoints/${endpoint!.id}/deliveries?limit=5`, shop.admin)).toEqual(expected.map((row) => row.id));
      expect(await walk('/api/webhook-endpoints?limit=1', shop.admin)).toContain(endpoint!.id);
    });
  });

  describe('paging parameters', () => {
    it.each(['0', '101', '-1', 'abc', '1e2', '2.5'])('limit=%s answers 400 in words', async (limit) => {
      const response = await get(`/api/getTools?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining('limit must be a whole number from 1 to 100') });
    });

    it('refuses a tampered cursor and a cursor of another list, sort or filter', async () => {
      const link = (await get('/api/getTools?limit=2')).headers.link as string;
      const cursor = nextCursorFromLink(link)!;
      expect((await get(`/api/getTools?limit=2&cursor=${cursor}`)).statusCode).toBe(200);
      const flipped = cursor.slice(0, 3) + (cursor[3] === 'A' ? 'B' : 'A') + cursor.slice(4);
      const orderCursor = nextCursorFromLink((await get('/api/adminPurchased?limit=2', shop.admin)).headers.link as string)!;
      for (const url of [
        `/api/getTools?limit=2&cursor=${flipped}`,
        `/api/getTools?limit=2&cursor=${cursor}x`,
        `/api/getTools?limit=2&cursor=not-a-cursor`,
        `/api/getTools?limit=2&sort=price-asc&cursor=${cursor}`,
        `/api/getTools?limit=2&q=saw&cursor=${cursor}`,
        `/api/getTools?limit=2&cursor=${orderCursor}`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message).toMatch(/page link is not valid/);
      }
      const filtered = await get(`/api/adminPurchased?limit=2&delivery=shipped&cursor=${orderCursor}`, shop.admin);
      expect(filtered.statusCode).toBe(400);
      // A customer's token never gets an admin list, cursor or not.
      expect((await get(`/api/adminPurchased?limit=2&cursor=${orderCursor}`, shop.customer)).statusCode).toBe(403);
    });
  });
});
