import { randomBytes, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORMER_CUSTOMER } from '@voltline/shared/forget-me';
import { formatOrderNumber } from '@voltline/shared/order-number';
import { QUERY_ROLES } from '@voltline/shared/query-form';
import { placeOrderOverHttp, placePaidOrderOverHttp } from '@voltline/test-kit/orders';
import { pdfText } from '@voltline/test-kit/pdf-text';
import { accountErasures, invoices, orders } from '../db/schema.ts';
import { drawDocumentPdf } from '../invoices/invoices-service.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { freshTool } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { apiSessionOf, bearer, browserHeaders, exchangeToken, registerUser, sessionCookieOf, type TestUser } from '../test-support/test-users.ts';

/** Issue 41, item 2 (decision 061): a customer's account erased, by themselves or by an admin for a request by mail. */
describe.each(testDatabaseKinds)('forget me on $name', (kind) => {
  const shop = useTestShop(kind, { users: true });
  const db = () => shop.database.db;

  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT', url: string, user: Pick<TestUser, 'token'> | null, payload?: object) =>
    shop.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
  const deleteMe = (user: TestUser, body: object = {}) => call('DELETE', '/api/me', user, { confirm: 'DELETE', password: user.password, keepReviews: true, ...body });
  const ship = async (orderId: string) => expect((await call('PATCH', `/api/deliverConfirm/${orderId}`, shop.admin, { delivery: 'shipped' })).statusCode).toBe(200);
  const invoicePdfText = async (orderId: string) => {
    const answer = await call('GET', `/api/purchasedSingle/${orderId}/invoice.pdf`, shop.admin);
    expect(answer.statusCode, answer.body).toBe(200);
    return pdfText(answer.rawPayload);
  };

  /** A customer with a name, phone and address found nowhere else in the shop, and a trace of every kind the shop keeps. */
  async function personWithTraces() {
    const tag = randomBytes(5).toString('hex').replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);
    const person = await registerUser(shop, { name: `Erin ${tag}` });
    const phone = `555${randomInt(1_000_000, 9_999_999)}`;
    const address = `${tag} Forgetting Lane 7`;
    const api = apiSessionOf(shop, person);
    const tool = await freshTool(shop, 50, 1, 12, `Forget drill ${tag}`);
    const soldOut = await freshTool(shop, 0, 1, 5, `Forget saw ${tag}`);
    const orderId = await placePaidOrderOverHttp(api, tool, 2, { phone, address });
    await ship(orderId);
    const refused = await call('POST', `/api/purchasedSingle/${orderId}/returns`, person, { lines: [{ toolId: tool._id, quantity: 1 }], reason: 'withdrawal', comment: `Call me on ${phone}` });
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await call('POST', `/api/admin/returns/${refused.json()._id}/refuse`, shop.admin, { reason: 'Used' })).statusCode).toBe(200);
    const calls = [
      call('PATCH', `/api/profile/${person.profileId}`, person, { phone, address }),
      call('POST', '/api/review', person, { review: `Review by ${tag}`, rating: 5 }),
      call('POST', '/api/queries', null, { name: person.name, email: person.email.toUpperCase(), phone, role: QUERY_ROLES[0], query: `Question from ${tag}` }),
      call('PUT', `/api/cart/lines/${tool._id}`, person, { quantity: 1 }),
      call('POST', `/api/tools/${soldOut._id}/stock-alerts`, null, { email: person.email }),
      call('POST', '/api/business-account', person, { companyName: `${tag} Wiring`, vatId: 'DE113866163', billingStreet: address, billingPostcode: '10115', billingCity: 'Berlin', billingCountry: 'DE' }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.statusCode, answer.body).toBeLessThan(300);
    return { person, phone, address, orderId, tool, needles: { email: person.email, name: person.name, phone, address } };
  }

  /**
   * Where each text is found in any text column of any table (text, varchar, json, arrays, read as
   * text): every table of the schema is read, so a table added later is covered without a word here.
   */
  async function placesHolding(needles: Record<string, string>): Promise<string[]> {
    const columns = (await db().execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
      order by table_name, column_name`)) as unknown as { rows: { table_name: string; column_name: string }[] };
    const searched = sql.join(
      Object.entries(needles).map(([what, needle]) => sql`(${what}, ${needle.toLowerCase()})`),
      sql`, `,
    );
    const probes = columns.rows.map(
      ({ table_name: table, column_name: column }) =>
        sql`select ${`${table}.${column}`} || ' ' || n.what as place from ${sql.identifier(table)} t, (values ${searched}) n(what, needle)
            where position(n.needle in lower(t.${sql.identifier(column)}::text)) > 0 group by n.what`,
    );
    const found = (await db().execute(sql`${sql.join(probes, sql` union all `)} order by 1`)) as unknown as { rows: { place: string }[] };
    return found.rows.map((row) => row.place);
  }

  it('erases the account and every personal field but the issued documents, which print as issued', async () => {
    const { person, orderId, needles } = await personWithTraces();
    // The invoice as issued, drawn here without keeping it: the erasure must keep it printing so.
    const register = shop.core.invoiceRegister;
    const issued = (await register.invoiceOf(db(), orderId))!;
    const before = await pdfText(await drawDocumentPdf({ kind: 'invoice', row: issued, orderNumber: await register.orderNumberOf(db(), orderId) }));
    // The traces are where a search finds them: the probe works.
    expect(await placesHolding(needles)).toEqual(expect.arrayContaining(['orders.buyer_email email', 'queries.phone phone', 'user_profiles.address address', 'returns.comment phone']));

    const erased = await deleteMe(person);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ erased: true, reviewsKept: 1 });

    expect((await call('GET', '/api/me/export', person)).statusCode).toBe(401);
    expect(await invoicePdfText(orderId)).toBe(before);
    // Only what tax law asks for stays: the invoice's buyer name and address.
    expect(await placesHolding(needles)).toEqual(['invoices.buyer_address address', 'invoices.buyer_name name']);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ buyer: FORMER_CUSTOMER, buyerEamil: '', phone: '', address: '', userId: null, status: 'paid' });
    const reviews = (await call('GET', '/api/review?limit=100', null)).json();
    expect(reviews).toEqual(expect.arrayContaining([expect.objectContaining({ userName: FORMER_CUSTOMER, review: expect.stringMatching(/^Review by /) })]));
  });

  it('lets the same email register again as a new account that sees nothing of the old one', async () => {
    const { person, orderId } = await personWithTraces();
    expect((await deleteMe(person, { keepReviews: false })).json()).toEqual({ erased: true, reviewsKept: 0 });

    const signUp = await shop.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: browserHeaders(), payload: { name: 'Erin Again', email: person.email, password: person.password } });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const again = { ...person, token: await exchangeToken(shop.app, person.email, sessionCookieOf(signUp)) };
    const data = (await call('GET', '/api/me/export', again)).json();
    expect(data).toMatchObject({ account: { name: 'Erin Again' }, profile: { phone: null, address: null }, businessAccount: null });
    for (const part of ['orders', 'returns', 'reviews', 'queries', 'cart', 'stockAlerts', 'roleChanges']) expect(data[part], part).toEqual([]);
    expect((await call('GET', '/api/purchased', again)).json()).toEqual([]);
    expect((await call('GET', `/api/purchasedSingle/${orderId}`, again)).statusCode).toBe(403);
  });

  it('refuses while an order is open, naming each, and changes nothing', async () => {
    const person = await registerUser(shop, { name: 'Open Orders' });
    const api = apiSessionOf(shop, person);
    const tool = await freshTool(shop, 20, 1, 9, 'Open drill');
    const unpaid = await placeOrderOverHttp(api, tool, 1);
    const paid = await placePaidOrderOverHttp(api, tool, 1);
    const returned = await placePaidOrderOverHttp(api, tool, 1);
    await ship(returned);
    expect((await call('POST', `/api/purchasedSingle/${returned}/returns`, person, { lines: [{ toolId: tool._id, quantity: 1 }], reason: 'withdrawal' })).statusCode).toBe(200);
    const numbers = await db().select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.userId, (await orderOwner(returned))!));
    const numberOf = (id: string) => formatOrderNumber(numbers.find((row) => row.id === id)!.number);

    const refused = await deleteMe(person);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'conflict', message: expect.stringMatching(/^Your account cannot be deleted while an order is open: /) });
    const message: string = refused.json().message;
    expect(message).toContain(`${numberOf(unpaid)} waits for payment`);
    expect(message).toContain(`${numberOf(paid)} is paid and not yet shipped`);
    expect(message).toMatch(new RegExp(`${numberOf(returned)} has return R-\\d+ in progress`));
    // Still there, whole: the account answers and its orders are its own.
    expect((await call('GET', '/api/purchased', person)).json()).toHaveLength(3);
  });

  it('refuses a wrong password, a missing DELETE and an admin, in words', async () => {
    const person = await registerUser(shop, { name: 'Careful Person' });
    expect((await deleteMe(person, { password: 'Wrong#123' })).json()).toEqual({ error: 'invalid_data', message: 'The password is not right.' });
    const noWord = await deleteMe(person, { confirm: 'delete' });
    expect(noWord.statusCode).toBe(400);
    expect(noWord.json().message).toContain('Type DELETE to delete your account');
    expect((await deleteMe(person, { keepReviews: undefined })).statusCode).toBe(400);
    const admin = await deleteMe(shop.admin);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe('A staff account is not deleted: an admin first takes its roles back (Team).');
    expect((await call('GET', '/api/me/export', person)).statusCode).toBe(200);
  });

  it("lets an admin erase a customer for a request by mail, recorded without the customer's data; a customer may not", async () => {
    const { person, needles } = await personWithTraces();
    const erase = (user: TestUser, body: object) => call('POST', `/api/admin/users/${person.profileId}/erase`, user, { keepReviews: false, ...body });
    expect((await erase(shop.customer, { request: 'Mail of 27 Nov' })).statusCode).toBe(403);
    const naming = await erase(shop.admin, { request: `Mail from ${person.email.toUpperCase()}` });
    expect(naming.statusCode).toBe(422);
    expect((await erase(shop.admin, { request: 'Mail of 27 Nov 2026, ticket 4711' })).json()).toEqual({ erased: true, reviewsKept: 0 });

    const [record] = await db().select().from(accountErasures).where(eq(accountErasures.request, 'Mail of 27 Nov 2026, ticket 4711'));
    expect(record).toMatchObject({ byEmail: shop.admin.email, reviewsKept: 0, erasedAt: expect.any(Date) });
    expect(await placesHolding(needles)).toEqual(['invoices.buyer_address address', 'invoices.buyer_name name']);
    // Nobody left to erase; an admin's own account is not erased this way.
    expect((await erase(shop.admin, { request: 'Again' })).statusCode).toBe(404);
    const adminTarget = await call('POST', `/api/admin/users/${shop.admin.profileId}/erase`, shop.admin, { request: 'Mail', keepReviews: true });
    expect(adminTarget.statusCode).toBe(409);
  });

  it('clears the documents of an erased customer once their tax records end (TAX_RECORD_YEARS, 10)', async () => {
    const { person, orderId, needles } = await personWithTraces();
    expect((await deleteMe(person)).statusCode).toBe(200);
    const [invoice] = await db().select({ issuedAt: invoices.issuedAt }).from(invoices).where(eq(invoices.orderId, orderId));
    const years = (count: number, days: number) => new Date(Date.UTC(invoice!.issuedAt.getUTCFullYear() + count, invoice!.issuedAt.getUTCMonth(), invoice!.issuedAt.getUTCDate() + days));

    await shop.core.forgetMe.clearTaxRecordsDue(years(10, -1));
    expect(await placesHolding(needles)).toEqual(['invoices.buyer_address address', 'invoices.buyer_name name']);
    expect(await shop.core.forgetMe.clearTaxRecordsDue(years(10, 1))).toBeGreaterThan(0);
    expect(await placesHolding(needles)).toEqual([]);
    // Drawn again, it names a former customer; the job does nothing twice.
    expect(await invoicePdfText(orderId)).toContain(FORMER_CUSTOMER);
    expect(await shop.core.forgetMe.clearTaxRecordsDue(years(10, 2))).toBe(0);
  });

  async function orderOwner(orderId: string) {
    return (await db().select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)))[0]?.userId;
  }
});
