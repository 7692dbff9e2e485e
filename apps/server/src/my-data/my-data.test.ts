import { eq } from 'drizzle-orm';
import { QUERY_ROLES } from '@voltline/shared/query-form';
import { describe, expect, it } from 'vitest';
import { authSessions, authUsers } from '../db/schema.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { freshTool, insertOneLineOrders, placePaidOrder, rawOrderRow } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { applyForBusinessAccount, bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/** Issue 41, item 1 (decision 058): a person downloads everything the shop keeps about them. */
describe.each(testDatabaseKinds)('my data on $name', (kind) => {
  const shop = useTestShop(kind, { users: true, environment: { MY_DATA_EXPORTS_PER_HOUR: '3' } });

  const download = (user: TestUser) => shop.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(user) });
  const accountIdOf = async (user: TestUser) => (await shop.database.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, user.email)))[0]!.id;

  /** Leaves a trace of every kind the shop keeps: an order paid and invoiced, a review, a query, a cart line, a back-in-stock alert. */
  async function traces(user: TestUser, label: string) {
    const tool = await freshTool(shop, 50, 1, 12, `Export drill ${label}`);
    const orderId = await placePaidOrder(shop, user, tool, 2);
    const soldOut = await freshTool(shop, 0, 1, 5, `Sold-out saw ${label}`);
    const calls = [
      shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(user), payload: { review: `Review by ${label}`, rating: 5 } }),
      shop.app.inject({ method: 'POST', url: '/api/queries', payload: { name: user.name, email: user.email.toUpperCase(), phone: '5550100', role: QUERY_ROLES[0], query: `Question from ${label}` } }),
      shop.app.inject({ method: 'PUT', url: `/api/cart/lines/${tool._id}`, headers: bearer(user), payload: { quantity: 1 } }),
      shop.app.inject({ method: 'POST', url: `/api/tools/${soldOut._id}/stock-alerts`, payload: { email: user.email } }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.statusCode, answer.body).toBeLessThan(300);
    return { orderId, tool };
  }

  it('holds every kind of record of the caller, and nothing of another customer or any secret', async () => {
    const person = await registerUser(shop, { name: 'Ada Export' });
    const other = await registerUser(shop, { name: 'Bob Other' });
    const { orderId, tool } = await traces(person, 'Ada');
    await applyForBusinessAccount(shop, person, 'Ada Wiring SARL');
    const placed = await shop.app.inject({ method: 'PUT', url: '/api/admin/customer-group-members', headers: bearer(shop.admin), payload: { email: person.email, group: 'trade' } });
    expect(placed.statusCode, placed.body).toBe(200);
    const theirs = await traces(other, 'Bob');

    const answer = await download(person);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="voltline-my-data.json"');
    const data = answer.json();

    expect(data).toMatchObject({ format: 'voltline-my-data', version: 1, account: { email: person.email, name: 'Ada Export' }, profile: { email: person.email } });
    expect(data.signInMethods).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0]).toEqual(expect.objectContaining({ expiresAt: expect.any(String) }));
    const [order] = data.orders;
    expect(data.orders).toHaveLength(1);
    expect(order).toMatchObject({ _id: orderId, status: 'paid', lines: [{ toolId: tool._id, quantity: 2 }] });
    expect(order.history.map((event: { type: string }) => event.type)).toEqual(['placed', 'paid']);
    expect(order.invoice).toMatchObject({ orderId, buyerEmail: person.email });
    expect(order.creditNotes).toEqual([]);
    expect(data.reviews).toEqual([expect.objectContaining({ review: 'Review by Ada' })]);
    // Sent from the same address in capitals: still theirs.
    expect(data.queries).toEqual([expect.objectContaining({ query: 'Question from Ada' })]);
    expect(data.cart).toEqual([expect.objectContaining({ toolId: tool._id, quantity: 1 })]);
    expect(data.stockAlerts).toEqual([expect.objectContaining({ email: person.email })]);
    expect(data.returns).toEqual([]);
    expect(data.businessAccount).toMatchObject({ companyName: 'Ada Wiring SARL', vatId: 'FR40303265045', state: 'pending' });
    expect(data.customerGroup).toMatchObject({ key: 'trade', name: 'Trade' });

    // Nothing of the other customer, and no secret: no session token, password hash or stored PDF.
    const text = answer.body;
    for (const foreign of [other.email, other.name, theirs.orderId, 'Review by Bob', 'Question from Bob']) expect(text).not.toContain(foreign);
    const tokens = await shop.database.db.select({ token: authSessions.token }).from(authSessions).where(eq(authSessions.userId, await accountIdOf(person)));
    for (const { token } of tokens) expect(text).not.toContain(token);
    for (const secret of ['"password"', '"token"', '"accessToken"', '"pdf"', person.password]) expect(text).not.toContain(secret);
  });

  it('streams a customer with more orders than one batch, every one once, oldest first', async () => {
    const person = await registerUser(shop, { name: 'Many Orders' });
    const tool = await freshTool(shop, 10, 1, 1, 'Batch tool');
    const userId = await accountIdOf(person);
    const start = Date.parse('2026-01-01T00:00:00Z');
    // Past a batch (200), the last of the first batch and the first of the next placed at the same
    // moment: a cursor on the time alone would lose one of them.
    const rows = Array.from({ length: 230 }, (_, index) => ({
      ...rawOrderRow({ id: tool._id, toolName: tool.toolName, img: tool.img }, 1),
      userId,
      buyerEamil: person.email,
      createdAt: new Date(start + (index === 200 ? 199 : index) * 60_000),
    }));
    const written = await insertOneLineOrders(shop.database.db, rows);

    const data = (await download(person)).json();
    const exported: string[] = data.orders.map((order: { _id: string }) => order._id);
    expect(exported).toHaveLength(230);
    expect(new Set(exported)).toEqual(new Set(written.map((order) => order.id)));
    expect(data.orders.every((order: { lines: unknown[] }) => order.lines.length === 1)).toBe(true);
  });

  it('answers only a signed-in caller, and a few downloads an hour, then 429 in words', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
    const person = await registerUser(shop, { name: 'Often Downloads' });
    for (let time = 0; time < 3; time++) expect((await download(person)).statusCode).toBe(200);
    const refused = await download(person);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'too_many_requests', message: expect.stringMatching(/^You have downloaded your data several times this hour\. Try again in \d+ minutes?\.$/) });
    // Another account is counted apart.
    expect((await download(shop.customer)).statusCode).toBe(200);
  });
});
