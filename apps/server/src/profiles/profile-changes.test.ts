import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD_NOT_VALID } from '@voltline/shared/password';
import { TEXT_LIMITS } from '@voltline/shared/text-limits';
import { authUsers, orders, userProfiles } from '../db/schema.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { firstTool, placeOrder } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, browserHeaders, postToAuth, exchangeToken, registerUser, sessionCookieOf, signIn, type TestUser } from '../test-support/test-users.ts';

/** Issue 16: a customer changes their name and password from My Profile. */
describe.each(testDatabaseKinds)('profile changes on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true });

  const patchProfile = (caller: TestUser, target: TestUser, payload: object) =>
    shop.app.inject({ method: 'PATCH', url: `/api/profile/${target.profileId}`, headers: bearer(caller), payload });
  const identityCall = (path: string, cookie: string, payload: object) =>
    shop.app.inject({ method: 'POST', url: `/api/auth${path}`, headers: browserHeaders(cookie), payload });
  const namesOf = async (user: TestUser) => {
    const [row] = await shop.database.db
      .select({ account: authUsers.name, profile: userProfiles.name })
      .from(userProfiles)
      .innerJoin(authUsers, eq(authUsers.id, userProfiles.userId))
      .where(eq(userProfiles.id, user.profileId));
    return row;
  };

  describe('name', () => {
    it('changes in the account and the profile together; new orders carry it, placed ones keep theirs', async () => {
      const casey = await registerUser(shop, { name: 'Casey Old' });
      const tool = await firstTool(shop);
      const earlier = await placeOrder(shop, casey, tool);

      expect((await patchProfile(casey, casey, { name: '  Casey New  ' })).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
      expect(await namesOf(casey)).toEqual({ account: 'Casey New', profile: 'Casey New' });
      const session = await shop.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: browserHeaders(casey.cookie) });
      expect(session.json().user.name).toBe('Casey New');

      const later = await placeOrder(shop, casey, tool);
      const buyers = await shop.database.db.select({ id: orders.id, buyer: orders.buyer }).from(orders).where(eq(orders.userId, session.json().user.id));
      expect(Object.fromEntries(buyers.map((order) => [order.id, order.buyer]))).toEqual({ [earlier]: 'Casey Old', [later]: 'Casey New' });
    });

    it.each([
      ['a blank name', '   ', 'Name is required'],
      ['a name over the limit', 'N'.repeat(TEXT_LIMITS.personName + 1), `Name can be at most ${TEXT_LIMITS.personName} characters`],
      ['a name that is no text', 42, 'Name must be text'],
    ])('refuses %s in words and keeps the old one', async (_label, name, message) => {
      const casey = await registerUser(shop, { name: 'Casey Kept' });
      const response = await patchProfile(casey, casey, { name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message });
      expect(await namesOf(casey)).toEqual({ account: 'Casey Kept', profile: 'Casey Kept' });
    });

    it("refuses changing another user's name, an admin's request included", async () => {
      const [casey, other, admin] = [await registerUser(shop, { name: 'Casey Mine' }), await registerUser(shop), await registerUser(shop, { role: 'admin' })];
      expect((await patchProfile(other, casey, { name: 'Taken Over' })).statusCode).toBe(403);
      expect((await patchProfile(admin, casey, { name: 'Taken Over' })).statusCode).toBe(403);
      expect(await namesOf(casey)).toEqual({ account: 'Casey Mine', profile: 'Casey Mine' });
    });

    it('follows a name changed through the identity service (update-user) into the profile', async () => {
      const casey = await registerUser(shop, { name: 'Casey Before' });
      expect((await identityCall('/update-user', casey.cookie, { name: 'Casey After' })).statusCode).toBe(200);
      expect(await namesOf(casey)).toEqual({ account: 'Casey After', profile: 'Casey After' });
    });
  });

  describe('password (POST /api/auth/change-password, as My Profile calls it)', () => {
    it('takes the current password and a new one; the old one stops working, other sessions end, this one goes on', async () => {
      const casey = await registerUser(shop);
      const otherDevice = await signIn(shop.app, casey.email, casey.password);
      const otherToken = await exchangeToken(shop.app, casey.email, otherDevice);

      const changed = await identityCall('/change-password', casey.cookie, { currentPassword: casey.password, newPassword: 'Fresh#123', revokeOtherSessions: true });
      expect(changed.statusCode).toBe(200);
      // The web app exchanges the renewed session for a new token straight away.
      expect(await exchangeToken(shop.app, casey.email, sessionCookieOf(changed))).toEqual(expect.any(String));

      const stale = await shop.app.inject({ method: 'GET', url: `/api/user?email=${casey.email}`, headers: { authorization: `Bearer ${otherToken}` } });
      expect(stale.statusCode).toBe(401);
      expect((await shop.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: browserHeaders(), payload: { email: casey.email, password: casey.password } })).statusCode).toBe(401);
      expect(await signIn(shop.app, casey.email, 'Fresh#123')).toContain('session_token');
    });

    // Issue 24: better-auth ends the other sessions only when the client asks (revokeOtherSessions);
    // product.md says a password change ends them, so the server decides, whatever is sent.
    it.each([
      ['false', { revokeOtherSessions: false }],
      ['left out', {}],
    ])('ends the other sessions and their API tokens with revokeOtherSessions %s; the changing session goes on', async (_label, flag) => {
      const casey = await registerUser(shop);
      const otherDevice = await signIn(shop.app, casey.email, casey.password);
      const otherToken = await exchangeToken(shop.app, casey.email, otherDevice);
      const profileWith = (token: string) =>
        shop.app.inject({ method: 'GET', url: `/api/user?email=${casey.email}`, headers: { authorization: `Bearer ${token}` } });
      const sessionOf = (cookie: string) => shop.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: browserHeaders(cookie) });
      expect((await profileWith(otherToken)).statusCode).toBe(200);

      const changed = await identityCall('/change-password', casey.cookie, { currentPassword: casey.password, newPassword: 'Fresh#123', ...flag });
      expect(changed.statusCode).toBe(200);

      expect((await profileWith(otherToken)).statusCode).toBe(401);
      expect((await sessionOf(otherDevice)).json()).toBeNull();
      // The session that made the change is renewed, as better-auth renews it when asked, and goes on working.
      const renewed = sessionCookieOf(changed);
      expect((await sessionOf(renewed)).json().user.email).toBe(casey.email);
      expect((await profileWith(await exchangeToken(shop.app, casey.email, renewed))).statusCode).toBe(200);
    });

    it.each([
      ['a wrong current password', { currentPassword: 'Wrong#123', newPassword: 'Fresh#123' }, 'invalid_password'],
      ['a new password that breaks the rules', { currentPassword: 'Abc#1234', newPassword: 'fresh123' }, 'password_not_valid'],
    ])('refuses %s and keeps the old password', async (_label, payload, code) => {
      const casey = await registerUser(shop);
      const response = await identityCall('/change-password', casey.cookie, { ...payload, revokeOtherSessions: true });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(code);
      if (code === 'password_not_valid') expect(response.json().message).toBe(PASSWORD_NOT_VALID);
      expect(await signIn(shop.app, casey.email, casey.password)).toContain('session_token');
    });

    it('refuses a caller without a session', async () => {
      const response = await postToAuth(shop.app, '/change-password', { currentPassword: 'Abc#1234', newPassword: 'Fresh#123' });
      expect(response.statusCode).toBe(401);
    });
  });
});
