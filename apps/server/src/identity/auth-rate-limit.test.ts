import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { browserHeaders } from '../test-support/test-users.ts';

/** Sign-in, sign-up and reset are limited per client address, which a client cannot choose. */
describe.each([
  { trustProxy: 'false', label: 'without a trusted proxy' },
  { trustProxy: 'true', label: 'behind a trusted proxy' },
])('auth rate limit $label', ({ trustProxy }) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(testDatabaseKinds[0]!, {
      environment: { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60', TRUST_PROXY: trustProxy },
    });
  });
  afterAll(() => shop.close());

  const attempt = (remoteAddress: string, forwardedFor: string, url = '/api/auth/sign-in/email') =>
    shop.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { ...browserHeaders(), 'x-forwarded-for': forwardedFor },
      payload: { email: 'nobody@example.com', password: 'Abc#1234' },
    });

  it('counts attempts per address and answers 429 with a clear message', async () => {
    // Each attempt claims another forwarded address; only a trusted proxy's header may count.
    const client = (i: number) =>
      trustProxy === 'true' ? (['10.0.0.9', '203.0.113.7'] as const) : (['10.0.0.1', `198.51.100.${i}`] as const);
    for (let i = 0; i < 3; i += 1) {
      const [remote, forwarded] = client(i);
      expect((await attempt(remote, forwarded)).statusCode).toBe(401);
    }
    const [remote, forwarded] = client(99);
    const limited = await attempt(remote, forwarded, '/api/auth/sign-up/email');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'too_many_requests', message: expect.stringMatching(/Too many attempts/) });

    const session = await shop.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: remote, headers: { 'x-forwarded-for': forwarded } });
    expect(session.statusCode).toBe(200);
  });

  it('keeps other addresses unaffected', async () => {
    const other = trustProxy === 'true' ? attempt('10.0.0.9', '203.0.113.8') : attempt('10.0.0.2', '203.0.113.7');
    expect((await other).statusCode).toBe(401);
  });
});
