import { describe, expect, it } from 'vitest';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { startTestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { placeOrder } from '../test-support/test-orders.ts';
import { bearer, browserHeaders, postToAuth } from '../test-support/test-users.ts';

/** Attacks a shop like this one meets (modelled on OWASP Juice Shop's classes). */
const SQL_INJECTIONS = ["' OR '1'='1", "'; DROP TABLE orders; --", '1; SELECT pg_sleep(5)', "admin'--", '" OR ""="', '\\x27 UNION SELECT * FROM auth_accounts --'];

describe.each(testDatabaseKinds)('attacks on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true, tool: true });

  it.each(SQL_INJECTIONS)('treats %s as plain data in every text field and query parameter', async (attack) => {
    const encoded = encodeURIComponent(attack);
    // Each read answers the attack exactly as an honest value that matches nothing: no extra rows,
    // no other refusal (a bare "< 500" let a read leak the whole table).
    const reads = (value: string) => [
      `/api/getTool/${value}`,
      `/api/getTools?q=${value}`,
      `/api/user?email=${value}`,
      `/api/admin/${value}`,
      `/api/allUsers?q=${value}`,
      `/api/purchasedSingle/${value}`,
      `/api/purchased?buyerEamil=${value}`,
      `/api/adminPurchased?delivery=${value}`,
      `/api/adminPurchased?q=${value}`,
      `/api/adminPurchased/${value}/history`,
      `/api/adminGetTools?q=${value}`,
      `/api/images/${value}`,
    ];
    const answer = async (url: string) => {
      const response = await shop.app.inject({ method: 'GET', url, headers: bearer(shop.admin) });
      return { status: response.statusCode, body: response.body };
    };
    const honest = reads('no-such-thing');
    for (const [index, url] of reads(encoded).entries()) {
      expect(await answer(url), url).toEqual(await answer(honest[index]!));
    }
    const order = await shop.app.inject({
      method: 'POST',
      url: '/api/purchased',
      headers: bearer(shop.customer),
      payload: { toolId: shop.tool._id, quantity: shop.tool.minimumOrderQuantity, phone: '5550100', address: attack },
    });
    expect(order.statusCode).toBe(200);
    const stored = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${order.json().insertedId}`, headers: bearer(shop.customer) })).json();
    expect(stored.address).toBe(attack);
    const review = await shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(shop.customer), payload: { review: attack, rating: 3 } });
    expect(review.statusCode).toBe(200);
    const signIn = await shop.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: browserHeaders(), payload: { email: attack, password: attack } });
    expect([400, 401]).toContain(signIn.statusCode);
    const stock = await shop.app.inject({ method: 'PATCH', url: `/api/getTool?toolName=${encoded}`, headers: bearer(shop.admin), payload: { quantity: 1 } });
    expect(stock.statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/api/getTools' })).json().length).toBeGreaterThanOrEqual(12);
  });

  it('stores markup as text: the API never turns it into HTML', async () => {
    const payload = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    await shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(shop.customer), payload: { review: payload, rating: 5 } });
    const response = await shop.app.inject({ method: 'GET', url: '/api/review' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()[0].review).toBe(payload);
  });

  it('refuses JSON bodies over the limit with 413', async () => {
    const before = await snapshotShop(shop.database.db);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: { ...bearer(shop.customer), 'content-type': 'application/json' },
      payload: JSON.stringify({ review: 'x'.repeat(1_100_000), rating: 5 }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('payload_too_large');
    expect(await snapshotShop(shop.database.db)).toEqual(before);
  });

  it('mass assignment: extra fields never reach the database', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/purchased',
      headers: bearer(shop.customer),
      payload: {
        toolId: shop.tool._id,
        quantity: shop.tool.minimumOrderQuantity,
        phone: '5550100',
        address: 'x',
        _id: '00000000-0000-4000-8000-000000000000',
        userId: shop.admin.email,
        status: 'paid',
        delivery: 'shipped',
        transactionId: 'pi_free',
        unitPrice: 0,
      },
    });
    const order = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${response.json().insertedId}`, headers: bearer(shop.customer) })).json();
    expect(order).toMatchObject({ status: 'unpaid', delivery: null, transactionId: null, unitPrice: shop.tool.price, buyerEamil: shop.customer.email });
    expect(order._id).not.toBe('00000000-0000-4000-8000-000000000000');
  });

  it('CSRF: cookie-authenticated calls from another site are refused', async () => {
    const evil = { origin: 'https://evil.example', cookie: shop.customer.cookie };
    const token = await shop.app.inject({ method: 'PATCH', url: `/api/user/${shop.customer.email}`, headers: evil, payload: { email: shop.customer.email } });
    expect(token.statusCode).toBe(403);
    expect(token.json()).not.toHaveProperty('token');
    const signOut = await shop.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: evil, payload: {} });
    expect(signOut.statusCode).toBe(403);
    // A cookie alone never authorises the shop's own API: it wants the Bearer token.
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    const withCookie = await shop.app.inject({ method: 'DELETE', url: `/api/purchasedSingle/${orderId}`, headers: { cookie: shop.customer.cookie } });
    expect(withCookie.statusCode).toBe(401);
  });

  it('open redirects: sign-in and reset links only lead back to the shop', async () => {
    const signIn = await postToAuth(shop.app, '/sign-in/email', { email: shop.customer.email, password: shop.customer.password, callbackURL: 'https://evil.example/steal' });
    expect(signIn.statusCode).toBe(403);
    const reset = await postToAuth(shop.app, '/request-password-reset', { email: shop.customer.email, redirectTo: '//evil.example/reset' });
    expect(reset.statusCode).toBe(403);
  });

  it('sends no CORS permission to other origins', async () => {
    const preflight = await shop.app.inject({
      method: 'OPTIONS',
      url: '/api/purchased',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const read = await shop.app.inject({ method: 'GET', url: '/api/getTools', headers: { origin: 'https://evil.example' } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('hides internals in a 5xx answer', async () => {
    const broken = await startTestShop(kind);
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/getTools' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
    await broken.app.close();
  });
});
