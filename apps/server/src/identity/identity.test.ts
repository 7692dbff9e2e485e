import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { linkInMail } from '@voltline/test-kit/outbox';
import { authSessions, authUsers, userProfiles } from '../db/schema.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, browserHeaders, postToAuth, exchangeToken, registerUser, sessionCookieOf, signIn } from '../test-support/test-users.ts';

describe.each(testDatabaseKinds)('identity on $name', (kind) => {
  const shop = useTestShop(kind);

  const signUp = (payload: Record<string, unknown>) =>
    shop.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: browserHeaders(), payload });

  describe('registration', () => {
    it('signs the new user in with their display name', async () => {
      const response = await signUp({ name: 'Grace Hopper', email: 'grace@example.com', password: 'Navy#1906' });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com' });
      const session = await shop.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: browserHeaders(sessionCookieOf(response)),
      });
      expect(session.json().user.name).toBe('Grace Hopper');
    });

    it.each([
      ['too short', 'Ab#1'],
      ['too long', 'Abcdefg#123'],
      ['no digit', 'Abcdef#'],
      ['no special character', 'Abcdef12'],
      ['no uppercase letter', 'abcde#12'],
      ['no lowercase letter', 'ABCDE#12'],
    ])('refuses a password with %s, and creates nobody', async (_rule, password) => {
      const email = `weak-${password.length}-${password.charCodeAt(0)}@example.com`;
      const response = await signUp({ name: 'Weak', email, password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'password_not_valid', message: 'Password is not valid' });
      expect(await shop.database.db.select().from(authUsers).where(eq(authUsers.email, email))).toEqual([]);
    });

    it('refuses a second account with the same email', async () => {
      await signUp({ name: 'Twin', email: 'twin@example.com', password: 'Twin#1234' });
      const response = await signUp({ name: 'Twin again', email: 'twin@example.com', password: 'Twin#1234' });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatch(/^user_already_exists/);
    });
  });

  describe('sign-in', () => {
    it('tells an unknown user apart from a wrong password', async () => {
      const user = await registerUser(shop);
      const unknown = await postToAuth(shop.app, '/sign-in/email', { email: 'nobody@example.com', password: 'Abc#1234' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().error).toBe('user_not_found');
      const wrong = await postToAuth(shop.app, '/sign-in/email', { email: user.email, password: 'Wrong#123' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toBe('invalid_email_or_password');
      expect(await signIn(shop.app, user.email, user.password)).toContain('session_token');
    });
  });

  describe('API tokens', () => {
    it('gives a token only to the signed-in owner of the email', async () => {
      const alice = await registerUser(shop);
      const bob = await registerUser(shop);
      const forBob = await shop.app.inject({
        method: 'PATCH',
        url: `/api/user/${bob.email}`,
        headers: browserHeaders(alice.cookie),
        payload: { email: bob.email },
      });
      expect(forBob.statusCode).toBe(403);
      expect(forBob.json()).not.toHaveProperty('token');
      const anonymous = await shop.app.inject({ method: 'PATCH', url: `/api/user/${bob.email}`, payload: { email: bob.email } });
      expect(anonymous.statusCode).toBe(401);
      const own = await shop.app.inject({ method: 'GET', url: `/api/user?email=${alice.email}`, headers: bearer(alice) });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ email: alice.email, role: 'user', name: alice.name });
    });

    it('answers the session and its token in one call, and nothing for a visitor or another site', async () => {
      const alice = await registerUser(shop);
      const answer = await shop.app.inject({ method: 'POST', url: '/api/session', headers: browserHeaders(alice.cookie), payload: {} });
      expect(answer.statusCode).toBe(200);
      const { user, token } = answer.json();
      expect(user).toMatchObject({ email: alice.email, name: alice.name, image: null });
      const own = await shop.app.inject({ method: 'GET', url: `/api/user?email=${alice.email}`, headers: { authorization: `Bearer ${token}` } });
      expect(own.statusCode).toBe(200);

      const visitor = await shop.app.inject({ method: 'POST', url: '/api/session', headers: browserHeaders(), payload: {} });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json()).toEqual({ user: null, token: null });

      const elsewhere = await shop.app.inject({
        method: 'POST',
        url: '/api/session',
        headers: { ...browserHeaders(alice.cookie), origin: 'https://evil.example' },
        payload: {},
      });
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json()).not.toHaveProperty('token');
    });

    it('refuses forged, re-signed, unsigned and expired tokens', async () => {
      const alice = await registerUser(shop);
      const [, payload] = alice.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      const wrongKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));
      const tampered = `${alice.token.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${alice.token.split('.')[2]}`;
      const expiredClaims = { ...claims, exp: Math.floor(Date.now() / 1000) - 60 };
      const expired = `${alice.token.split('.')[0]}.${Buffer.from(JSON.stringify(expiredClaims)).toString('base64url')}.${alice.token.split('.')[2]}`;
      for (const token of [unsigned, wrongKey, tampered, expired, 'not-a-token', '']) {
        const response = await shop.app.inject({ method: 'GET', url: `/api/user?email=${alice.email}`, headers: { authorization: `Bearer ${token}` } });
        expect(response.statusCode, token).toBe(401);
        expect(response.json().error).toBe('unauthorized');
      }
    });

    it('stops working on logout', async () => {
      const alice = await registerUser(shop);
      const signOut = await shop.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: browserHeaders(alice.cookie), payload: {} });
      expect(signOut.statusCode).toBe(200);
      const response = await shop.app.inject({ method: 'GET', url: `/api/user?email=${alice.email}`, headers: bearer(alice) });
      expect(response.statusCode).toBe(401);
    });

    it('stops working when the session expires', async () => {
      const alice = await registerUser(shop);
      const [user] = await shop.database.db.select().from(authUsers).where(eq(authUsers.email, alice.email));
      await shop.database.db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authSessions.userId, user!.id));
      const response = await shop.app.inject({ method: 'GET', url: `/api/user?email=${alice.email}`, headers: bearer(alice) });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('admin check', () => {
    it('answers for the caller\'s own email, or for anyone to an admin', async () => {
      const alice = await registerUser(shop);
      const bob = await registerUser(shop);
      const admin = await registerUser(shop, { role: 'admin' });
      expect((await shop.app.inject({ method: 'GET', url: `/api/admin/${alice.email}`, headers: bearer(alice) })).json()).toEqual({ admin: false, roles: [] });
      expect((await shop.app.inject({ method: 'GET', url: `/api/admin/${admin.email}`, headers: bearer(admin) })).json()).toEqual({ admin: true, roles: ['admin'] });
      expect((await shop.app.inject({ method: 'GET', url: `/api/admin/${bob.email}`, headers: bearer(admin) })).json()).toEqual({ admin: false, roles: [] });
      expect((await shop.app.inject({ method: 'GET', url: `/api/admin/${bob.email}`, headers: bearer(alice) })).statusCode).toBe(403);
      expect((await shop.app.inject({ method: 'GET', url: `/api/admin/${bob.email}` })).statusCode).toBe(401);
    });
  });

  describe('password reset', () => {
    it('mails a single-use link that sets a new password and ends every other session', async () => {
      const alice = await registerUser(shop);
      const otherDevice = await signIn(shop.app, alice.email, alice.password);
      const otherToken = await exchangeToken(shop.app, alice.email, otherDevice);
      const mailsBefore = shop.outbox().length;

      const request = await postToAuth(shop.app, '/request-password-reset', { email: alice.email, redirectTo: '/reset-password' });
      expect(request.statusCode).toBe(200);
      const mails = shop.outbox();
      expect(mails.length).toBe(mailsBefore + 1);
      const mail = mails.at(-1)!;
      expect(mail).toContain(`To: ${alice.email}`);
      const link = linkInMail(mail, '/api/auth/reset-password/');

      const landing = await shop.app.inject({ method: 'GET', url: link.replace('http://shop.test', '') });
      expect(landing.statusCode).toBe(302);
      const target = new URL(landing.headers.location as string, 'http://shop.test');
      expect(target.pathname).toBe('/reset-password');
      const token = target.searchParams.get('token')!;

      const weak = await shop.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: browserHeaders(), payload: { token, newPassword: 'weak' } });
      expect(weak.statusCode).toBe(400);

      const reset = await shop.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: browserHeaders(), payload: { token, newPassword: 'New#4567' } });
      expect(reset.statusCode).toBe(200);
      await expect(signIn(shop.app, alice.email, alice.password)).rejects.toThrow(/401/);
      await signIn(shop.app, alice.email, 'New#4567');
      const oldSession = await shop.app.inject({ method: 'GET', url: `/api/user?email=${alice.email}`, headers: { authorization: `Bearer ${otherToken}` } });
      expect(oldSession.statusCode).toBe(401);

      const again = await shop.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: browserHeaders(), payload: { token, newPassword: 'Other#890' } });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('invalid_token');
    });
  });

  it('lists which social sign-ins are set up', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/social-providers' });
    expect(response.json()).toEqual({
      providers: [
        { id: 'google', name: 'Google', enabled: false },
        { id: 'github', name: 'GitHub', enabled: false },
        { id: 'facebook', name: 'Facebook', enabled: false },
      ],
    });
  });

  it('keeps profiles of deleted identities from lingering', async () => {
    const alice = await registerUser(shop);
    await shop.database.db.delete(authUsers).where(eq(authUsers.email, alice.email));
    expect(await shop.database.db.select().from(userProfiles).where(eq(userProfiles.email, alice.email))).toEqual([]);
  });
});
