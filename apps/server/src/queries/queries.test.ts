import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextCursorFromLink } from '@voltline/shared/link-header';
import type { StoredQuery } from '@voltline/shared/query-form';
import { notifications, queries } from '../db/schema.ts';
import { startTestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, type TestUser } from '../test-support/test-users.ts';

const SHOP_EMAIL = 'hello@voltline.test';
const LIMIT = 3;

const aQuery = (change: object = {}) => ({
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '4420794609',
  role: 'Product Manager',
  query: 'Do you ship to Norway?\nAnd to Iceland?',
  ...change,
});

let addressCounter = 0;
/** Each test sends from a client address of its own, so the per-address limit counts only its own queries. */
const freshAddress = () => {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
};

describe.each(testDatabaseKinds)('"Ask us anything" queries on $name', (kind) => {
  const shop = useTestShop(kind, { users: true, environment: { SHOP_NOTIFY_EMAIL: SHOP_EMAIL, QUERY_RATE_LIMIT_PER_HOUR: String(LIMIT) } });

  const send = (payload: object, remoteAddress = freshAddress()) =>
    shop.app.inject({ method: 'POST', url: '/api/queries', payload, remoteAddress });
  const list = (url: string, user: TestUser | null = shop.admin) =>
    shop.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });
  const mark = (id: string, answered: unknown, user: TestUser | null = shop.admin) =>
    shop.app.inject({ method: 'PATCH', url: `/api/queries/${id}`, payload: { answered }, headers: user ? bearer(user) : {} });
  const storedQueries = () => shop.database.db.select().from(queries).orderBy(queries.id);

  /** Follows the Link headers from `url` to the end. */
  async function walk(url: string): Promise<StoredQuery[]> {
    const found: StoredQuery[] = [];
    let next: string | undefined = url;
    while (next !== undefined) {
      const response = await list(next);
      expect(response.statusCode, response.body).toBe(200);
      found.push(...(response.json() as StoredQuery[]));
      const link = response.headers.link as string | undefined;
      next = nextCursorFromLink(link) === undefined ? undefined : link!.slice(link!.indexOf('<') + 1, link!.indexOf('>'));
      expect(found.length).toBeLessThan(1000);
    }
    return found;
  }

  it('stores a query a visitor sends and shows it to admins, open', async () => {
    const sent = await send(aQuery({ name: '  Grace Hopper ' }));
    expect(sent.statusCode, sent.body).toBe(200);
    const { insertedId } = sent.json();

    const inbox = await list('/api/queries?status=open');
    expect(inbox.json()).toContainEqual({
      _id: insertedId,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '4420794609',
      role: 'Product Manager',
      query: 'Do you ship to Norway?\nAnd to Iceland?',
      createdAt: expect.any(String),
      answeredAt: null,
      answeredBy: null,
    });
  });

  it('stores a query without the optional question as an empty one', async () => {
    const { insertedId } = (await send(aQuery({ query: undefined }))).json();
    const [row] = await shop.database.db.select().from(queries).where(eq(queries.id, insertedId));
    expect(row!.query).toBe('');
  });

  it("mails the shop's contact address through the outbox, with the visitor as the one to reply to", async () => {
    const { insertedId } = (await send(aQuery({ name: 'Ada Lovelace', email: 'ada@example.com' }))).json();
    const [row] = await shop.database.db.select().from(notifications).where(sql`${notifications.payload}->>'text' like ${'%ada@example.com%'}`);
    expect(row).toMatchObject({ channel: 'mail', target: SHOP_EMAIL, eventType: 'query.received' });
    expect(insertedId).toBeTruthy();

    await shop.core.notificationDispatcher.deliverDue(new Date());
    const mail = shop.outbox().find((text) => text.includes('new query from Ada Lovelace'));
    expect(mail).toBeDefined();
    for (const fact of [`To: ${SHOP_EMAIL}`, 'Reply-To: ada@example.com', 'Phone: 4420794609', 'Role: Product Manager', 'Do you ship to Norway?', 'http://shop.test/dashboard/queries']) {
      expect(mail).toContain(fact);
    }
  });

  it('writes the mail in the transaction that stores the query: when the mail cannot be written, no query is stored', async () => {
    const { db } = shop.database;
    // Not valid: earlier mail rows stay; only the mail of the next query is refused.
    await db.execute(sql.raw("alter table notifications add constraint no_query_mail check (event_type <> 'query.received') not valid"));
    try {
      const before = await storedQueries();
      const refused = await send(aQuery({ name: 'Lost Query' }));
      expect(refused.statusCode).toBe(500);
      expect(await storedQueries()).toEqual(before);
    } finally {
      await db.execute(sql.raw('alter table notifications drop constraint no_query_mail'));
    }
  });

  it.each([
    { what: 'an over-long name', change: { name: 'x'.repeat(81) }, message: 'Name can be at most 80 characters' },
    { what: 'an over-long email', change: { email: `${'x'.repeat(250)}@example.com` }, message: 'Email can be at most 254 characters' },
    { what: 'an over-long question', change: { query: 'x'.repeat(2001) }, message: 'Your query can be at most 2000 characters' },
    { what: 'a phone that is not digits', change: { phone: '555-0100' }, message: 'Phone number must contain digits only' },
    { what: 'a role the form does not offer', change: { role: 'Hacker' }, message: 'Role is required' },
    { what: 'a missing name', change: { name: '' }, message: 'Name is required' },
  ])('refuses $what in words and stores nothing', async ({ change, message }) => {
    const before = await storedQueries();
    const refused = await send(aQuery(change));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'bad_request', message });
    expect(await storedQueries()).toEqual(before);
  });

  it('holds every text of a query to its limit in the database too', async () => {
    await expect(shop.database.db.insert(queries).values({ ...aQuery(), query: 'x'.repeat(2001) })).rejects.toThrow();
    await expect(shop.database.db.insert(queries).values({ ...aQuery(), role: 'x'.repeat(41) })).rejects.toThrow();
  });

  it('limits queries per client address: a 429 in words with Retry-After past the limit, nothing stored, another address unaffected', async () => {
    const busy = freshAddress();
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await send(aQuery(), busy)).statusCode).toBe(200);

    const before = await storedQueries();
    const refused = await send(aQuery(), busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'too_many_requests',
      message: expect.stringMatching(/^You are sending queries too quickly\. Try again in \d+ (minutes?|seconds?)\.$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedQueries()).toEqual(before);

    expect((await send(aQuery())).statusCode).toBe(200);
  });

  it('pages the inbox on the server, newest first, each query once, filtered by open or answered', async () => {
    const { db } = shop.database;
    // Same-moment rows test the id tie-breaker: a timestamp alone would skip or repeat them.
    const at = new Date('2026-05-01T10:00:00.123Z');
    const added = await db
      .insert(queries)
      .values(
        Array.from({ length: 12 }, (_, index) => ({
          ...aQuery({ name: `Paging ${index}` }),
          createdAt: index < 8 ? at : new Date(at.getTime() + index * 1000),
          ...(index % 3 === 0 ? { answeredAt: at, answeredBy: 'someone@voltline.test' } : {}),
        })),
      )
      .returning();
    const all = await db.select().from(queries).orderBy(sql`${queries.createdAt} desc, ${queries.id} desc`);
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
    const idsOf = (found: StoredQuery[]) => found.map((item) => item._id);

    expect(idsOf(await walk('/api/queries?limit=5'))).toEqual(ids(all));
    expect(idsOf(await walk('/api/queries?limit=2&status=open'))).toEqual(ids(all.filter((row) => row.answeredAt === null)));
    expect(idsOf(await walk('/api/queries?limit=2&status=answered'))).toEqual(ids(all.filter((row) => row.answeredAt !== null)));
    expect(added.filter((row) => row.answeredAt !== null)).toHaveLength(4);

    // A cursor belongs to its filter: one from the open list is refused for the answered one.
    const firstOpen = await list('/api/queries?limit=1&status=open');
    const cursor = nextCursorFromLink(firstOpen.headers.link as string)!;
    const foreign = await list(`/api/queries?limit=1&status=answered&cursor=${encodeURIComponent(cursor)}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('bad_request');

    const badFilter = await list('/api/queries?status=closed');
    expect(badFilter.json()).toEqual({ error: 'bad_request', message: 'status must be one of open, answered' });
  });

  it('marks a query answered, recording who and when, and open again', async () => {
    const { insertedId } = (await send(aQuery({ name: 'To Answer' }))).json();
    const answered = await mark(insertedId, true);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ _id: insertedId, answeredBy: shop.admin.email, answeredAt: expect.any(String) });
    const idsIn = async (status: string) => ((await list(`/api/queries?status=${status}`)).json() as StoredQuery[]).map((item) => item._id);
    expect(await idsIn('answered')).toContain(insertedId);
    expect(await idsIn('open')).not.toContain(insertedId);

    // Marked answered again: the first answer's who and when stay.
    const again = await mark(insertedId, true);
    expect(again.json().answeredAt).toBe(answered.json().answeredAt);

    const reopened = await mark(insertedId, false);
    expect(reopened.json()).toMatchObject({ answeredAt: null, answeredBy: null });
    expect(await idsIn('open')).toContain(insertedId);

    expect((await mark('00000000-0000-4000-8000-000000000000', true)).statusCode).toBe(404);
    expect((await mark('not-an-id', true)).statusCode).toBe(404);
    expect((await mark(insertedId, 'yes')).json()).toEqual({ error: 'bad_request', message: 'answered must be true or false' });
  });

  it('lets only admins read and mark queries', async () => {
    const { insertedId } = (await send(aQuery())).json();
    const before = await storedQueries();
    expect((await list('/api/queries', null)).statusCode).toBe(401);
    expect((await list('/api/queries', shop.customer)).statusCode).toBe(403);
    expect((await mark(insertedId, true, null)).statusCode).toBe(401);
    expect((await mark(insertedId, true, shop.customer)).statusCode).toBe(403);
    expect(await storedQueries()).toEqual(before);
  });

  it("writes no mail when the shop has no contact address", async () => {
    const quiet = await startTestShop(kind);
    try {
      const sent = await quiet.app.inject({ method: 'POST', url: '/api/queries', payload: aQuery() });
      expect(sent.statusCode).toBe(200);
      expect(await quiet.database.db.select().from(queries)).toHaveLength(1);
      expect(await quiet.database.db.select().from(notifications)).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
