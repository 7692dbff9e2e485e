import { describe, expect, it } from 'vitest';
import { sendRaw } from '../test-support/raw-http.ts';
import { TEST_PUBLIC_URL } from '../test-support/test-app.ts';
import { oneDatabaseKind } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { browserHeaders, sessionCookieOf } from '../test-support/test-users.ts';

const LIMIT = 3;
const TOO_MANY = { error: 'too_many_requests', message: expect.stringMatching(/Too many attempts/) };

const limits = (max: number) => ({ AUTH_RATE_LIMIT_MAX: String(max), AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' });

/**
 * How one real client reaches the shop under each TRUST_PROXY setting: `from(claim)` is the socket
 * address and X-Forwarded-For the shop sees when the client itself wrote `claim` into the header.
 */
const proxySetUps = [
  {
    label: 'without a trusted proxy',
    trustProxy: 'false',
    from: (claim: string) => ['198.51.100.1', claim],
    other: (claim: string) => ['198.51.100.2', claim],
  },
  {
    // The proxy at 10.0.0.9 appends the address it saw to whatever the client sent.
    label: 'behind one proxy (true)',
    trustProxy: 'true',
    from: (claim: string) => ['10.0.0.9', `${claim}, 203.0.113.7`],
    other: (claim: string) => ['10.0.0.9', `${claim}, 203.0.113.8`],
  },
  {
    label: 'behind two proxies (2)',
    trustProxy: '2',
    from: (claim: string) => ['10.0.0.9', `${claim}, 203.0.113.7, 10.0.0.8`],
    other: (claim: string) => ['10.0.0.9', `${claim}, 203.0.113.8, 10.0.0.8`],
  },
  {
    // The other client reaches the shop directly, not through a listed proxy, and claims to be the
    // limited one: from an address that is no proxy the header counts for nothing.
    label: 'behind proxies named by address',
    trustProxy: '10.0.0.0/8, 192.0.2.1',
    from: (claim: string) => ['10.0.0.9', `${claim}, 203.0.113.7, 10.0.0.8`],
    other: (claim: string) => ['198.51.100.2', `${claim}, 203.0.113.7`],
  },
];

// The counters live in the shop's memory (or Redis), not in the database: one database kind is enough.
describe.each([oneDatabaseKind])('auth rate limit on $name', (kind) => {
  /** Sign-in, sign-up and reset are limited per client address, which a client cannot choose. */
  describe.each(proxySetUps)('client address $label', ({ trustProxy, from, other }) => {
    const shop = useTestShop(kind, { environment: { ...limits(LIMIT), TRUST_PROXY: trustProxy } });

    const attempt = ([remoteAddress, forwardedFor]: string[], url = '/api/auth/sign-in/email') =>
      shop.app.inject({
        method: 'POST',
        url,
        remoteAddress,
        headers: { ...browserHeaders(), 'x-forwarded-for': forwardedFor! },
        payload: { email: 'nobody@example.com', password: 'Abc#1234' },
      });

    it('counts attempts per real client whatever it writes into X-Forwarded-For, and answers 429 in words', async () => {
      for (let i = 0; i < LIMIT; i += 1) {
        expect((await attempt(from(`198.51.100.${100 + i}`))).statusCode).toBe(401);
      }
      const limited = await attempt(from('198.51.100.199'), '/api/auth/sign-up/email');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(TOO_MANY);

      const [remoteAddress, forwardedFor] = from('198.51.100.200');
      const session = await shop.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress, headers: { 'x-forwarded-for': forwardedFor! } });
      expect(session.statusCode).toBe(200);
    });

    it('keeps other clients unaffected', async () => {
      expect((await attempt(other('198.51.100.100'))).statusCode).toBe(401);
    });
  });

  describe('what is counted', () => {
    // Each spelling of the sign-in path below is one counted attempt; then the limit is reached.
    const spellings = [
      '/api/auth/./sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/%2e/sign-in/email',
      '/api/auth/x/%2E%2e/sign-in/email',
      '/api/auth/sign-in/%65mail',
      '/api/%61uth/sign-in/email',
      `${TEST_PUBLIC_URL}/api/auth/x/../sign-in/email`,
    ];
    const limit = spellings.length;
    const shop = useTestShop(kind, { environment: limits(limit) });
    let address = 0;
    /** A client address of its own for each test (these go through app.inject). */
    const nextAddress = () => `198.51.100.${(address += 1)}`;

    const post = (remoteAddress: string, path: string, payload: object, cookie?: string) =>
      shop.app.inject({ method: 'POST', url: `/api/auth${path}`, remoteAddress, headers: browserHeaders(cookie), payload });

    async function signUp(email: string, password: string): Promise<string> {
      const response = await post(nextAddress(), '/sign-up/email', { name: 'Counted', email, password });
      return sessionCookieOf(response);
    }

    it('refuses every other spelling of an auth path, and counts it as the path it means', async () => {
      await signUp('spelled@example.com', 'Right#123');
      // Raw HTTP from 127.0.0.1: inject and fetch would resolve these spellings before sending.
      for (const target of spellings) {
        const response = await sendRaw(shop.app, {
          method: 'POST',
          target,
          headers: { origin: TEST_PUBLIC_URL },
          json: { email: 'spelled@example.com', password: 'Wrong#123' },
        });
        expect(response.statusCode, target).toBe(400);
        expect(JSON.parse(response.body), target).toEqual({ error: 'bad_request', message: expect.stringMatching(/not written plainly/) });
      }
      const plain = await sendRaw(shop.app, {
        method: 'POST',
        target: '/api/auth/sign-in/email',
        headers: { origin: TEST_PUBLIC_URL },
        json: { email: 'spelled@example.com', password: 'Right#123' },
      });
      expect(plain.statusCode).toBe(429);
      expect(plain.headers['set-cookie']).toBeUndefined();
    });

    it('makes verify-password no oracle: the right password after the limit gets 429, not a yes', async () => {
      const cookie = await signUp('oracle@example.com', 'Right#123');
      const from = nextAddress();
      for (let i = 0; i < limit; i += 1) {
        const wrong = await post(from, '/verify-password', { password: `Wrong#${i}` }, cookie);
        expect(wrong.statusCode).toBe(400);
      }
      const right = await post(from, '/verify-password', { password: 'Right#123' }, cookie);
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual(TOO_MANY);
    });

    it.each([
      ['sign-in', '/sign-in/email', { email: 'nobody@example.com', password: 'Abc#1234' }],
      ['sign-up', '/sign-up/email', { name: 'X', email: 'bad', password: 'Abc#1234' }],
      ['a reset request (mail)', '/request-password-reset', { email: 'nobody@example.com', redirectTo: '/reset-password' }],
      ['a reset', '/reset-password', { token: 'guess', newPassword: 'New#4567' }],
      ['change-password', '/change-password', { currentPassword: 'Abc#1234', newPassword: 'New#4567' }],
      ['change-email (mail)', '/change-email', { newEmail: 'new@example.com' }],
      ['send-verification-email (mail)', '/send-verification-email', { email: 'nobody@example.com' }],
      ['delete-user', '/delete-user', { password: 'Abc#1234' }],
      ['a social sign-in', '/sign-in/social', { provider: 'github' }],
    ])('counts %s, while reading the session stays open', async (_call, path, payload) => {
      const from = nextAddress();
      for (let i = 0; i < limit; i += 1) expect((await post(from, path, payload)).statusCode).not.toBe(429);
      const limited = await post(from, path, payload);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(TOO_MANY);
      expect((await shop.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: from })).statusCode).toBe(200);
    });
  });
});
