import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialProviderId } from '@voltline/shared/account';
import { MESSAGES } from '@voltline/shared/messages';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '@voltline/test-kit/fake-oauth-provider';
import { linkInMail } from '@voltline/test-kit/outbox';
import { authUsers } from '../db/schema.ts';
import { TEST_PUBLIC_URL } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { postToAuth, exchangeToken, registerUser, signIn } from '../test-support/test-users.ts';

const cookieHeader = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().map((cookie) => cookie.split(';')[0]).join('; ');

const newEmail = (who: string) => `${who}-${randomBytes(4).toString('hex')}@example.com`;

describe.each(testDatabaseKinds)('social sign-in on $name', (kind) => {
  let provider: FakeOAuthProvider;
  // Started before the shop, which is told its address; stopped after the shop.
  beforeAll(async () => {
    provider = await startFakeOAuthProvider();
  });
  afterAll(() => provider.stop());
  const shop = useTestShop(kind, () => ({ environment: provider.shopEnvironment }));

  /** The browser's part of the code flow: start, visit the provider, come back to the callback. */
  async function signInWith(providerId: SocialProviderId): Promise<{ location: string; cookie: string }> {
    const start = await postToAuth(shop.app, '/sign-in/social', { provider: providerId, callbackURL: '/auth/popup-done', errorCallbackURL: '/auth/popup-done' });
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

  /** The popup lands on its done page with an error code, and the browser got no session. */
  function expectRefused(outcome: { location: string; cookie: string }, error: string): URL {
    const landing = new URL(outcome.location, TEST_PUBLIC_URL);
    expect(landing.pathname).toBe('/auth/popup-done');
    expect(landing.searchParams.get('error')).toBe(error);
    expect(outcome.cookie).not.toContain('session_token=');
    return landing;
  }

  async function accountOf(email: string) {
    const [user] = await shop.database.db.select().from(authUsers).where(eq(authUsers.email, email));
    return user;
  }

  const mailsTo = (email: string) => shop.outbox().filter((mail) => mail.includes(`To: ${email}`));

  /** GitHub answering for a user with these addresses: its profile names the primary one, verified as that one is. */
  function gitHubAnswersFor(sub: string, name: string, emails: { email: string; primary: boolean; verified: boolean }[]) {
    const primary = emails.find((listed) => listed.primary)!;
    provider.signInAs({ sub, email: primary.email, email_verified: primary.verified, name, emails });
  }

  it('offers Google, GitHub and Facebook once they are configured', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/social-providers' });
    expect(response.json().providers).toEqual([
      { id: 'google', name: 'Google', enabled: true },
      { id: 'github', name: 'GitHub', enabled: true },
      { id: 'facebook', name: 'Facebook', enabled: true },
    ]);
  });

  it('signs a new user in through the code flow with state and PKCE', async () => {
    provider.signInAs({ sub: 'google-1', email: 'new.person@example.com', email_verified: true, name: 'New Person' });
    const { location, cookie } = await signInWith('google');
    expect(location).toBe('/auth/popup-done');
    const token = await exchangeToken(shop.app, 'new.person@example.com', cookie);
    const profile = await shop.app.inject({ method: 'GET', url: '/api/user?email=new.person@example.com', headers: { authorization: `Bearer ${token}` } });
    expect(profile.json()).toMatchObject({ name: 'New Person', role: 'user' });
  });

  it('never joins a social sign-in to an existing password account', async () => {
    const existing = await registerUser(shop);
    provider.signInAs({ sub: 'google-2', email: existing.email, email_verified: true, name: 'Impostor' });
    const { location, cookie } = await signInWith('google');
    expect(location).toMatch(/^\/auth\/popup-done\?error=account_not_linked/);
    expect(cookie).not.toContain('session_token=');
  });

  it('refuses a callback whose state was not issued by this browser', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/auth/callback/google?code=abc&state=forged' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/error=/);
    expect(cookieHeader(response.headers['set-cookie'])).not.toContain('session_token=');
  });

  it('never creates an account from an address Google has not verified, so its owner can still register it', async () => {
    const victim = newEmail('victim');
    provider.signInAs({ sub: 'google-attacker', email: victim, email_verified: false, name: 'Attacker' });
    const landing = expectRefused(await signInWith('google'), 'provider_email_not_verified');
    expect(landing.searchParams.get('error_description')).toBe(MESSAGES.socialEmailNotVouched('Google'));
    expect(await accountOf(victim)).toBeUndefined();

    const register = await postToAuth(shop.app, '/sign-up/email', { name: 'Victim', email: victim, password: 'Abc#1234' });
    expect(register.statusCode).toBe(200);
    const again = await signInWith('google');
    expect(again.location).toMatch(/^\/auth\/popup-done\?error=/);
    expect(again.cookie).not.toContain('session_token=');
  });

  it('refuses a GitHub sign-in whose primary address GitHub has not verified, whatever else it lists', async () => {
    const victim = newEmail('victim');
    const attackersOwn = newEmail('attacker');
    gitHubAnswersFor('github-attacker', 'Attacker', [{ email: victim, primary: true, verified: false }, { email: attackersOwn, primary: false, verified: true }]);
    const landing = expectRefused(await signInWith('github'), 'provider_email_not_verified');
    expect(landing.searchParams.get('error_description')).toBe(MESSAGES.socialEmailNotVouched('GitHub'));
    expect(await accountOf(victim)).toBeUndefined();
    expect(await accountOf(attackersOwn)).toBeUndefined();
  });

  it('signs in with the verified primary address GitHub lists, and no other', async () => {
    const primary = newEmail('octo');
    const unproven = newEmail('octo-old');
    gitHubAnswersFor('github-1', 'Octo Person', [{ email: unproven, primary: false, verified: false }, { email: primary, primary: true, verified: true }]);
    const { location, cookie } = await signInWith('github');
    expect(location).toBe('/auth/popup-done');
    await exchangeToken(shop.app, primary, cookie);
    expect(await accountOf(primary)).toMatchObject({ name: 'Octo Person', emailVerified: true });
    expect(await accountOf(unproven)).toBeUndefined();
  });

  it('keeps an account Facebook created locked until the owner opens the link mailed to its address', async () => {
    const email = newEmail('facebook');
    // Facebook never says whether the address was confirmed, so what the profile claims does not matter.
    provider.signInAs({ sub: 'facebook-1', email, email_verified: true, name: 'Face Person' });
    expectRefused(await signInWith('facebook'), 'email_not_verified');
    expect(await accountOf(email)).toMatchObject({ emailVerified: false });
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0]).toContain('Facebook sign-in');

    expectRefused(await signInWith('facebook'), 'email_not_verified');
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    const link = linkInMail(mails.at(-1)!, '/api/auth/verify-email');
    const confirmed = await shop.app.inject({ method: 'GET', url: link.replace(TEST_PUBLIC_URL, '') });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/login');
    expect(await accountOf(email)).toMatchObject({ emailVerified: true });

    const { location, cookie } = await signInWith('facebook');
    expect(location).toBe('/auth/popup-done');
    await exchangeToken(shop.app, email, cookie);
  });

  it("never lets a Facebook login with someone else's address into their account, even after they reset its password", async () => {
    const victim = newEmail('victim');
    provider.signInAs({ sub: 'facebook-attacker', email: victim, email_verified: false, name: 'Attacker' });
    expectRefused(await signInWith('facebook'), 'email_not_verified');

    // The owner finds the address taken, resets its password by mail and signs in.
    const request = await postToAuth(shop.app, '/request-password-reset', { email: victim, redirectTo: '/reset-password' });
    expect(request.statusCode).toBe(200);
    const resetLink = linkInMail(mailsTo(victim).at(-1)!, '/api/auth/reset-password/');
    const landing = await shop.app.inject({ method: 'GET', url: resetLink.replace(TEST_PUBLIC_URL, '') });
    const token = new URL(landing.headers.location as string, TEST_PUBLIC_URL).searchParams.get('token');
    const reset = await postToAuth(shop.app, '/reset-password', { token, newPassword: 'Owner#5678' });
    expect(reset.statusCode).toBe(200);
    await signIn(shop.app, victim, 'Owner#5678');

    expectRefused(await signInWith('facebook'), 'email_not_verified');
    // The only link that would let the Facebook login in says so, in the owner's mailbox.
    expect(mailsTo(victim).filter((mail) => mail.includes('/api/auth/verify-email')).every((mail) => mail.includes('Facebook sign-in'))).toBe(true);
  });

  it('mails a confirmation link only after a provider sign-in, never on request', async () => {
    // Else whoever registered someone's address with a password could have them confirm it by
    // mail, and a later Google sign-in of theirs would join the registrant's account.
    const unconfirmed = await registerUser(shop);
    const mailsBefore = shop.outbox().length;
    const response = await postToAuth(shop.app, '/send-verification-email', { email: unconfirmed.email, callbackURL: '/login' });
    expect(response.statusCode).toBe(404);
    expect(shop.outbox()).toHaveLength(mailsBefore);
  });
});
