import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userProfiles } from '../db/schema.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

describe.each(testDatabaseKinds)('profiles on $name', (kind) => {
  const shop = useTestShop(kind, { users: true });
  let bob: TestUser;
  beforeAll(async () => {
    bob = await registerUser(shop);
  });

  const profileRow = async (user: TestUser) =>
    (await shop.database.db.select().from(userProfiles).where(eq(userProfiles.id, user.profileId)))[0]!;
  const patchProfile = (caller: TestUser | null, target: TestUser, payload: Record<string, unknown>) =>
    shop.app.inject({
      method: 'PATCH',
      url: `/api/profile/${target.profileId}`,
      headers: caller ? bearer(caller) : {},
      payload,
    });

  describe('GET /api/user', () => {
    it('shows the owner their profile, with missing items as null', async () => {
      const response = await shop.app.inject({ method: 'GET', url: `/api/user?email=${shop.customer.email}`, headers: bearer(shop.customer) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        _id: shop.customer.profileId,
        name: shop.customer.name,
        email: shop.customer.email,
        role: 'user',
        roles: [],
        address: null,
        phone: null,
        linkedIn: null,
        education: null,
        profilePicture: null,
      });
    });

    it('shows an admin anyone, and refuses other users and anonymous callers', async () => {
      expect((await shop.app.inject({ method: 'GET', url: `/api/user?email=${shop.customer.email}`, headers: bearer(shop.admin) })).statusCode).toBe(200);
      expect((await shop.app.inject({ method: 'GET', url: `/api/user?email=${shop.customer.email}`, headers: bearer(bob) })).statusCode).toBe(403);
      expect((await shop.app.inject({ method: 'GET', url: `/api/user?email=${shop.customer.email}` })).statusCode).toBe(401);
      expect((await shop.app.inject({ method: 'GET', url: '/api/user', headers: bearer(shop.customer) })).statusCode).toBe(400);
    });
  });

  describe('PATCH /api/profile/{id}', () => {
    it('lets the owner add and update their own details', async () => {
      const add = await patchProfile(shop.customer, shop.customer, { linkedIn: 'https://www.linkedin.com/in/alice' });
      expect(add.statusCode).toBe(200);
      expect(add.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
      const update = await patchProfile(shop.customer, shop.customer, {
        address: '12 Volt Street, Springfield',
        phone: '+1 555 0100',
        education: 'BSc Electrical Engineering',
        linkedIn: 'https://www.linkedin.com/in/alice-a',
        profilePicture: '/api/images/00000000-0000-4000-8000-000000000001',
      });
      expect(update.statusCode).toBe(200);
      expect(await profileRow(shop.customer)).toMatchObject({
        address: '12 Volt Street, Springfield',
        phone: '+1 555 0100',
        linkedIn: 'https://www.linkedin.com/in/alice-a',
        role: 'user',
      });
    });

    it.each([
      ['their role', { role: 'admin' }, 403],
      ['their email', { email: 'mallory@example.com' }, 400],
      ['their id', { _id: '00000000-0000-4000-8000-000000000000', phone: '5550100' }, 400],
      ['a script as their picture', { profilePicture: 'javascript:alert(1)' }, 400],
      ['an empty address', { address: '  ' }, 400],
      ['a LinkedIn that is no web address', { linkedIn: 'javascript:alert(1)' }, 400],
      ['nothing at all', {}, 400],
    ])('refuses an owner changing %s and changes nothing', async (_what, payload, status) => {
      const before = await profileRow(bob);
      const response = await patchProfile(bob, bob, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toHaveProperty('message');
      expect(await profileRow(bob)).toEqual(before);
    });

    it("refuses changing another user's profile", async () => {
      const before = await profileRow(shop.customer);
      expect((await patchProfile(bob, shop.customer, { phone: '5550199' })).statusCode).toBe(403);
      expect((await patchProfile(null, shop.customer, { phone: '5550199' })).statusCode).toBe(401);
      expect((await patchProfile(shop.admin, shop.customer, { phone: '5550199' })).statusCode).toBe(403);
      expect(await profileRow(shop.customer)).toEqual(before);
    });

    it('lets only an admin make another user an admin, and only that', async () => {
      expect((await patchProfile(bob, shop.customer, { role: 'admin' })).statusCode).toBe(403);
      expect((await patchProfile(shop.admin, shop.customer, { role: 'owner' })).statusCode).toBe(400);
      expect((await patchProfile(shop.admin, shop.customer, { role: 'admin', phone: '5550100' })).statusCode).toBe(400);
      expect((await profileRow(shop.customer)).role).toBe('user');

      const promote = await patchProfile(shop.admin, shop.customer, { role: 'admin' });
      expect(promote.statusCode).toBe(200);
      expect((await profileRow(shop.customer)).role).toBe('admin');
      // The promoted user's existing token carries no role: the next call sees the new one.
      const check = await shop.app.inject({ method: 'GET', url: `/api/admin/${shop.customer.email}`, headers: bearer(shop.customer) });
      expect(check.json()).toEqual({ admin: true, roles: ['admin'] });
    });

    it('answers 404 for an unknown or malformed profile id', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const response = await shop.app.inject({ method: 'PATCH', url: `/api/profile/${id}`, headers: bearer(bob), payload: { phone: '5550100' } });
        expect(response.statusCode).toBe(404);
      }
    });
  });

  describe('GET /api/allUsers', () => {
    it('lists every profile for an admin only', async () => {
      const list = await shop.app.inject({ method: 'GET', url: '/api/allUsers', headers: bearer(shop.admin) });
      expect(list.statusCode).toBe(200);
      expect(list.json().map((profile: { email: string }) => profile.email)).toEqual(
        expect.arrayContaining([shop.customer.email, bob.email, shop.admin.email]),
      );
      expect((await shop.app.inject({ method: 'GET', url: '/api/allUsers', headers: bearer(bob) })).statusCode).toBe(403);
      expect((await shop.app.inject({ method: 'GET', url: '/api/allUsers' })).statusCode).toBe(401);
    });
  });
});
