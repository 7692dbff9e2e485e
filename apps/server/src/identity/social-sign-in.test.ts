import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../test-support/fake-oauth-provider.ts';
import { startTestShop, TEST_PUBLIC_URL, type TestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { browserHeaders, exchangeToken, registerUser } from '../test-support/test-users.ts';

const cookieHeader = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().map((cookie) => cookie.split(';')[0]).join('; ');

describe.each(testDatabaseKinds)('social sign-in on $name', (kind) => {
  let provider: FakeOAuthProvider;
  let shop: TestShop;
  beforeAll(async () => {
    provider = await startFakeOAuthProvider();
    shop = await startTestShop(kind, {
      environment: { GOOGLE_CLIENT_ID: 'voltline-test', GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_DISCOVERY_URL: provider.discoveryUrl },
    });
  });
  afterAll(async () => {
    await shop.close();
    await provider.stop();
  });

  /** The browser's part of the code flow: start, visit the provider, come back to the callback. */
  async function signInWithGoogle(): Promise<{ location: string; cookie: string }> {
    const start = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: browserHeaders(),
      payload: { provider: 'google', callbackURL: '/auth/popup-done', errorCallbackURL: '/auth/popup-done' },
    });
    expect(start.statusCode).toBe(200);
    const authorizeUrl = new URL(start.json().url);
    expect(authorizeUrl.origin).toBe(provider.issuer);
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    expect(callback.origin).toBe(TEST_PUBLIC_URL);
    const back = await shop.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: cookieHeader(start.headers['set-cookie']) },
    });
    expect(back.statusCode).toBe(302);
    return { location: back.headers.location as string, cookie: cookieHeader(back.headers['set-cookie']) };
  }

  it('offers Google once it is configured', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/social-providers' });
    expect(response.json().providers).toContainEqual({ id: 'google', name: 'Google', enabled: true });
  });

  it('signs a new user in through the code flow with state and PKCE', async () => {
    provider.signInAs({ sub: 'google-1', email: 'new.person@example.com', email_verified: true, name: 'New Person' });
    const { location, cookie } = await signInWithGoogle();
    expect(location).toBe('/auth/popup-done');
    const token = await exchangeToken(shop.app, 'new.person@example.com', cookie);
    const profile = await shop.app.inject({ method: 'GET', url: '/api/user?email=new.person@example.com', headers: { authorization: `Bearer ${token}` } });
    expect(profile.json()).toMatchObject({ name: 'New Person', role: 'user' });
  });

  it('never joins a social sign-in to an existing password account', async () => {
    const existing = await registerUser(shop);
    provider.signInAs({ sub: 'google-2', email: existing.email, email_verified: true, name: 'Impostor' });
    const { location, cookie } = await signInWithGoogle();
    expect(location).toMatch(/^\/auth\/popup-done\?error=account_not_linked/);
    expect(cookie).not.toContain('session_token=');
  });

  it('refuses a callback whose state was not issued by this browser', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/auth/callback/google?code=abc&state=forged' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/error=/);
    expect(cookieHeader(response.headers['set-cookie'])).not.toContain('session_token=');
  });
});
