import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authenticatorFor, wrongCodeFor } from '@voltline/test-kit/authenticator';
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_REFUSALS } from '@voltline/shared/two-factor';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, browserHeaders, exchangeToken, postToAuth, registerUser, sessionCookieOf, type TestUser } from '../test-support/test-users.ts';

/** The cookie better-auth keeps a sign-in's second step in (`two_factor`), as a Cookie header. */
function challengeCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name.includes('two_factor') && candidate.value !== '');
  if (!cookie) throw new Error(`no two-factor challenge in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Two-step sign-in (issue 41, item 3; decision 062), in a shop whose admins must have it. */
describe.each(testDatabaseKinds)('two-step sign-in on $name', (kind) => {
  const shop = useTestShop(kind, { users: true, environment: { ADMIN_TWO_FACTOR: 'required' } });

  const twoFactorStatus = (user: Pick<TestUser, 'token'>) => shop.app.inject({ method: 'GET', url: '/api/me/two-factor', headers: bearer(user) });

  /** Turns it on as My Profile does: the password, then the first code of the app; the session is renewed, so is the token. */
  async function turnOn(user: TestUser) {
    const started = await postToAuth(shop.app, '/two-factor/enable', { password: user.password }, user.cookie);
    expect(started.statusCode, started.body).toBe(200);
    const authenticator = authenticatorFor(started.json<{ totpURI: string }>().totpURI);
    const confirmed = await postToAuth(shop.app, '/two-factor/verify-totp', { code: authenticator.code() }, user.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const cookie = sessionCookieOf(confirmed);
    const signedIn = { ...user, cookie, token: await exchangeToken(shop.app, user.email, cookie) };
    return { user: signedIn, authenticator };
  }

  /** The password step of a sign-in: for a user with a second factor, a challenge and no session. */
  async function passwordStep(user: TestUser): Promise<string> {
    const response = await postToAuth(shop.app, '/sign-in/email', { email: user.email, password: user.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(response.cookies.filter((cookie) => cookie.name.includes('session_token') && cookie.value !== '')).toEqual([]);
    return challengeCookieOf(response);
  }

  /**
   * The customer's account across the tests below, in their order: turned on, signed in with a
   * code, with backup codes, turned off (each password check costs a hash, so each test adds only
   * the sign-ins it is about).
   */
  let customer: TestUser;
  let customerApp: ReturnType<typeof authenticatorFor>;
  let customerBackupCodes: string[];

  it('turns on with the password and a first code from the app; the QR address and ten backup codes come once', async () => {
    customer = shop.customer;
    expect((await twoFactorStatus(customer)).json()).toEqual({ enabled: false, staff: false, policy: 'required' });

    const wrongPassword = await postToAuth(shop.app, '/two-factor/enable', { password: 'Wrong#123' }, customer.cookie);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ error: 'invalid_password', message: 'Your password is not right.' });

    const started = await postToAuth(shop.app, '/two-factor/enable', { password: customer.password }, customer.cookie);
    expect(started.statusCode, started.body).toBe(200);
    const { totpURI, backupCodes } = started.json<{ totpURI: string; backupCodes: string[] }>();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Voltline%20Tools:.+\?.*secret=[A-Z2-7]+/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Not on until a code proves the app has the secret: the password alone still signs in.
    expect((await twoFactorStatus(customer)).json()).toMatchObject({ enabled: false });
    const stillOnePassword = await postToAuth(shop.app, '/sign-in/email', { email: customer.email, password: customer.password });
    expect(stillOnePassword.json()).not.toHaveProperty('twoFactorRedirect');

    customerApp = authenticatorFor(totpURI);
    customerBackupCodes = backupCodes;
    const wrong = await postToAuth(shop.app, '/two-factor/verify-totp', { code: wrongCodeFor(customerApp) }, customer.cookie);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_code', message: TWO_FACTOR_REFUSALS.INVALID_CODE });

    const confirmed = await postToAuth(shop.app, '/two-factor/verify-totp', { code: customerApp.code() }, customer.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The session is renewed with it: the old one and its API token end.
    expect((await twoFactorStatus(customer)).statusCode).toBe(401);
    const cookie = sessionCookieOf(confirmed);
    customer = { ...customer, cookie, token: await exchangeToken(shop.app, customer.email, cookie) };
    expect((await twoFactorStatus(customer)).json()).toEqual({ enabled: true, staff: false, policy: 'required' });
    // The secret is not shown again.
    const again = await postToAuth(shop.app, '/two-factor/enable', { password: customer.password }, cookie);
    expect(again.json()).toEqual({ error: 'totp_already_enabled', message: TWO_FACTOR_REFUSALS.TOTP_ALREADY_ENABLED });
  });

  it('asks for the code after the password: no session, no API token until it is given', async () => {
    const challenge = await passwordStep(customer);
    // The half-signed-in browser is nobody to the shop's own calls.
    const token = await shop.app.inject({ method: 'PATCH', url: `/api/user/${encodeURIComponent(customer.email)}`, headers: browserHeaders(challenge), payload: { email: customer.email } });
    expect(token.statusCode).toBe(401);
    const session = await shop.app.inject({ method: 'POST', url: '/api/session', headers: browserHeaders(challenge), payload: {} });
    expect(session.json()).toEqual({ user: null, token: null });

    const wrong = await postToAuth(shop.app, '/two-factor/verify-totp', { code: wrongCodeFor(customerApp) }, challenge);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_code', message: TWO_FACTOR_REFUSALS.INVALID_CODE });
    const right = await postToAuth(shop.app, '/two-factor/verify-totp', { code: customerApp.code() }, challenge);
    expect(right.statusCode, right.body).toBe(200);
    const signedIn = await exchangeToken(shop.app, customer.email, sessionCookieOf(right));
    expect((await twoFactorStatus({ token: signedIn })).json()).toMatchObject({ enabled: true });
    // A challenge serves one sign-in.
    const replayed = await postToAuth(shop.app, '/two-factor/verify-totp', { code: customerApp.code() }, challenge);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ error: 'invalid_two_factor_cookie', message: TWO_FACTOR_REFUSALS.INVALID_TWO_FACTOR_COOKIE });
  });

  it('takes each backup code once', async () => {
    const [code, another] = customerBackupCodes;
    const first = await postToAuth(shop.app, '/two-factor/verify-backup-code', { code }, await passwordStep(customer));
    expect(first.statusCode, first.body).toBe(200);
    sessionCookieOf(first);
    const challenge = await passwordStep(customer);
    const reused = await postToAuth(shop.app, '/two-factor/verify-backup-code', { code }, challenge);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: 'invalid_backup_code', message: TWO_FACTOR_REFUSALS.INVALID_BACKUP_CODE });
    const next = await postToAuth(shop.app, '/two-factor/verify-backup-code', { code: another }, challenge);
    expect(next.statusCode, next.body).toBe(200);
  });

  it('turns off with the password only', async () => {
    const wrong = await postToAuth(shop.app, '/two-factor/disable', { password: 'Wrong#123' }, customer.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_password', message: 'Your password is not right.' });
    const off = await postToAuth(shop.app, '/two-factor/disable', { password: customer.password }, customer.cookie);
    expect(off.statusCode, off.body).toBe(200);
    const signIn = await postToAuth(shop.app, '/sign-in/email', { email: customer.email, password: customer.password });
    expect(signIn.statusCode).toBe(200);
    sessionCookieOf(signIn);
  });

  it('limits wrong codes: five per sign-in, and ten in a row lock the account for a while', async () => {
    const { user, authenticator } = await turnOn(await registerUser(shop));
    const wrongCode = wrongCodeFor(authenticator);
    const fiveWrongCodes = async (challenge: string) => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await postToAuth(shop.app, '/two-factor/verify-totp', { code: wrongCode }, challenge)).statusCode).toBe(401);
      }
    };
    const firstTry = await passwordStep(user);
    await fiveWrongCodes(firstTry);
    // The sixth, even the right one, is refused: the password must be given again.
    const sixth = await postToAuth(shop.app, '/two-factor/verify-totp', { code: authenticator.code() }, firstTry);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ error: 'too_many_attempts_request_new_code', message: TWO_FACTOR_REFUSALS.TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE });

    const secondTry = await passwordStep(user);
    await fiveWrongCodes(secondTry);
    // Ten wrong codes in a row: even the right one waits now.
    const locked = await postToAuth(shop.app, '/two-factor/verify-totp', { code: authenticator.code() }, secondTry);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: 'account_temporarily_locked', message: TWO_FACTOR_REFUSALS.ACCOUNT_TEMPORARILY_LOCKED });
  });

  it('keeps an admin without it out of the admin routes while ADMIN_TWO_FACTOR=required, in words, until they turn it on', async () => {
    const { admin } = shop;
    expect((await twoFactorStatus(admin)).json()).toEqual({ enabled: false, staff: true, policy: 'required' });
    const refused = await shop.app.inject({ method: 'GET', url: '/api/adminPurchased', headers: bearer(admin) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'two_factor_required', message: TWO_FACTOR_MESSAGES.required });
    // Nor do an admin's powers inside the routes everyone calls reach: they act as a customer.
    const otherProfile = await shop.app.inject({ method: 'PATCH', url: `/api/profile/${shop.customer.profileId}`, headers: bearer(admin), payload: { role: 'admin' } });
    expect(otherProfile.statusCode).toBe(403);
    // What enrolment needs still answers: their own profile.
    const own = await shop.app.inject({ method: 'GET', url: `/api/user?email=${encodeURIComponent(admin.email)}`, headers: bearer(admin) });
    expect(own.statusCode, own.body).toBe(200);

    const { user: enrolled } = await turnOn(admin);
    expect((await twoFactorStatus(enrolled)).json()).toEqual({ enabled: true, staff: true, policy: 'required' });
    const opened = await shop.app.inject({ method: 'GET', url: '/api/adminPurchased', headers: bearer(enrolled) });
    expect(opened.statusCode, opened.body).toBe(200);
  });
});
