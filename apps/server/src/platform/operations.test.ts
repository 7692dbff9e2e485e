import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { card, createIntent, firstTool, placeOrder } from '../test-support/test-orders.ts';
import { bearer } from '../test-support/test-users.ts';

const METRICS_TOKEN = 'metrics-scraper-token-0123456789';

describe.each(testDatabaseKinds)('running the shop on $name', (kind) => {
  const logLines: string[] = [];
  const shop = useTestShop(kind, { seed: true, logLines, environment: { METRICS_TOKEN }, users: true });

  it('answers health and readiness', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true });
    const ready = await shop.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, database: true, redis: 'not configured', backup: { lastSuccessAt: null, lastAttemptAt: null, lastResult: 'none yet' } });
  });

  it('serves Prometheus metrics to admins and the scraper token only', async () => {
    await shop.app.inject({ method: 'GET', url: '/api/getTools' });
    expect((await shop.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(shop.customer) })).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer wrong-token-wrong-token' } })).statusCode).toBe(401);
    const scraped = await shop.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toMatch(/voltline_http_requests_total\{method="GET",route="\/api\/getTools",status="200"\} \d+/);
    expect(scraped.body).toContain('voltline_http_request_duration_seconds_bucket');
    if (kind.name === 'postgres') expect(scraped.body).toMatch(/voltline_db_pool_connections\{state="total"\} \d+/);
    const asAdmin = await shop.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(shop.admin) });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('logs every request with a request id, and never a password, token or card number', async () => {
    const tool = await firstTool(shop);
    const orderId = await placeOrder(shop, shop.customer, tool);
    const { clientSecret } = (await createIntent(shop, shop.customer, orderId)).json();
    await shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } });
    await shop.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: 'http://shop.test' }, payload: { email: shop.customer.email, password: shop.customer.password } });
    const entries = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    const requestLines = entries.filter((entry) => entry.msg === 'incoming request' || entry.msg === 'request completed');
    expect(requestLines.length).toBeGreaterThan(4);
    expect(requestLines.every((entry) => typeof entry.reqId === 'string')).toBe(true);
    const everything = logLines.join('\n');
    for (const secret of [shop.customer.password, shop.customer.token, '4242424242424242', clientSecret, shop.customer.cookie.split('=')[1]!]) {
      expect(everything).not.toContain(secret);
    }
  });
});
