import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { LAST_ADMIN_MESSAGE, type RoleChange } from '@voltline/shared/profile';
import { roleChanges, userProfiles } from '../db/schema.ts';
import { itRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/** Issue 16: an admin takes the admin role back; the shop always keeps one admin; every change is recorded. */
describe.each(testDatabaseKinds)('admin role on $name', (kind) => {
  const shop = useTestShop(kind);

  const setRole = (caller: TestUser | null, target: TestUser, role: string) =>
    shop.app.inject({ method: 'PATCH', url: `/api/profile/${target.profileId}`, headers: caller ? bearer(caller) : {}, payload: { role } });
  const roleHistory = (caller: TestUser | null, target: TestUser, query = '') =>
    shop.app.inject({ method: 'GET', url: `/api/profile/${target.profileId}/role-history${query}`, headers: caller ? bearer(caller) : {} });
  const roleOf = async (user: TestUser) =>
    (await shop.database.db.select({ role: userProfiles.role }).from(userProfiles).where(eq(userProfiles.id, user.profileId)))[0]!.role;
  const adminCount = async () => (await shop.database.db.select().from(userProfiles).where(eq(userProfiles.role, 'admin'))).length;
  const isAdminAnswer = async (user: TestUser) =>
    (await shop.app.inject({ method: 'GET', url: '/api/adminGetTools?limit=1', headers: bearer(user) })).statusCode;

  /** Leaves exactly the given users as the shop's admins (earlier tests leave admins behind). */
  async function onlyAdmins(...admins: TestUser[]) {
    await shop.database.db.update(userProfiles).set({ role: 'user' });
    for (const admin of admins) await shop.database.db.update(userProfiles).set({ role: 'admin' }).where(eq(userProfiles.id, admin.profileId));
  }

  it('makes a customer an admin and takes the role back; the token they hold follows at once', async () => {
    const [owner, helper] = [await registerUser(shop, { role: 'admin' }), await registerUser(shop)];
    expect(await isAdminAnswer(helper)).toBe(403);

    expect((await setRole(owner, helper, 'admin')).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await isAdminAnswer(helper)).toBe(200);

    expect((await setRole(owner, helper, 'user')).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await roleOf(helper)).toBe('user');
    // The same token, seconds later: no admin answer any more, on any admin route.
    expect(await isAdminAnswer(helper)).toBe(403);
    expect((await setRole(helper, owner, 'user')).statusCode).toBe(403);
    const adminCheck = await shop.app.inject({ method: 'GET', url: `/api/admin/${helper.email}`, headers: bearer(helper) });
    expect(adminCheck.json()).toEqual({ admin: false, roles: [] });
  });

  it('records who changed a role, to what and when, newest first, for admins only', async () => {
    const [owner, helper] = [await registerUser(shop, { role: 'admin' }), await registerUser(shop)];
    const started = Date.now();
    await setRole(owner, helper, 'admin');
    await setRole(owner, helper, 'user');
    const history = await roleHistory(owner, helper);
    expect(history.statusCode).toBe(200);
    const changes: RoleChange[] = history.json();
    expect(changes.map(({ role, changedBy }) => ({ role, changedBy }))).toEqual([
      { role: 'user', changedBy: owner.email },
      { role: 'admin', changedBy: owner.email },
    ]);
    for (const change of changes) expect(Date.parse(change.at)).toBeGreaterThanOrEqual(started - 1000);

    // A page at a time, like every list of the shop.
    const first = await roleHistory(owner, helper, '?limit=1');
    expect(first.json()).toHaveLength(1);
    const next = /<[^>]*[?&]cursor=([^&>]+)[^>]*>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    expect((await roleHistory(owner, helper, `?limit=1&cursor=${next}`)).json()).toEqual([changes[1]]);

    expect((await roleHistory(helper, owner)).statusCode).toBe(403);
    expect((await roleHistory(null, owner)).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'GET', url: '/api/profile/00000000-0000-4000-8000-000000000000/role-history', headers: bearer(owner) })).statusCode).toBe(404);
  });

  it('changes nothing and records nothing for a role the profile already has', async () => {
    const [owner, customer] = [await registerUser(shop, { role: 'admin' }), await registerUser(shop)];
    expect((await setRole(owner, customer, 'user')).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect(await shop.database.db.select().from(roleChanges).where(eq(roleChanges.profileId, customer.profileId))).toEqual([]);
  });

  it('refuses customers and strangers, and anything but a role on its own', async () => {
    const [owner, customer] = [await registerUser(shop, { role: 'admin' }), await registerUser(shop)];
    expect((await setRole(customer, owner, 'user')).statusCode).toBe(403);
    expect((await setRole(customer, customer, 'admin')).statusCode).toBe(403);
    expect((await setRole(null, owner, 'user')).statusCode).toBe(401);
    const mixed = await shop.app.inject({
      method: 'PATCH',
      url: `/api/profile/${customer.profileId}`,
      headers: bearer(owner),
      payload: { role: 'admin', name: 'Promoted' },
    });
    expect(mixed.json()).toEqual({ error: 'bad_request', message: 'A role is changed on its own, without other profile details' });
    expect((await setRole(owner, customer, 'owner')).json().message).toBe('Role must be one of: user, admin');
    expect(await roleOf(owner)).toBe('admin');
    expect(await roleOf(customer)).toBe('user');
  });

  it('refuses an admin whose role was taken away after their request was let in: 403, nothing written', async () => {
    const [stale, other, customer] = [await registerUser(shop, { role: 'admin' }), await registerUser(shop, { role: 'admin' }), await registerUser(shop)];
    const profiles = shop.core.profiles;
    const updateProfile = profiles.updateProfile;
    // The removal commits between the instance reading who calls (still an admin, as an instance
    // that remembers the old role has it) and the role change itself.
    const removedMeanwhile = vi.spyOn(profiles, 'updateProfile').mockImplementation(async (...args) => {
      await shop.database.db.update(userProfiles).set({ role: 'user' }).where(eq(userProfiles.id, stale.profileId));
      return updateProfile(...args);
    });
    try {
      const before = await shop.database.db.select().from(roleChanges);
      for (const [target, role] of [[customer, 'admin'], [other, 'user']] as const) {
        const response = await setRole(stale, target, role);
        expect(response.statusCode, `${role} for ${target.email}`).toBe(403);
        expect(response.json()).toEqual({ error: 'forbidden', message: 'Only an admin can change roles.' });
      }
      expect(removedMeanwhile).toHaveBeenCalledTimes(2);
      expect([await roleOf(stale), await roleOf(other), await roleOf(customer)]).toEqual(['user', 'admin', 'user']);
      expect(await shop.database.db.select().from(roleChanges)).toEqual(before);
    } finally {
      removedMeanwhile.mockRestore();
    }
  });

  it('keeps the last admin: removing the only admin role is refused with 409 in words, and nothing is recorded', async () => {
    const last = await registerUser(shop, { role: 'admin' });
    await onlyAdmins(last);
    const before = await shop.database.db.select().from(roleChanges);
    const response = await setRole(last, last, 'user');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'conflict', message: LAST_ADMIN_MESSAGE });
    expect(await roleOf(last)).toBe('admin');
    expect(await shop.database.db.select().from(roleChanges)).toEqual(before);

    // With a second admin, giving up one's own role is fine.
    const second = await registerUser(shop);
    await setRole(last, second, 'admin');
    expect((await setRole(last, last, 'user')).statusCode).toBe(200);
    expect(await adminCount()).toBe(1);
  });

  itRaces(kind)('never leaves the shop without an admin when two admins remove each other at the same moment', async () => {
    let survivor = await registerUser(shop, { role: 'admin' });
    for (let round = 0; round < 8; round += 1) {
      const rival = await registerUser(shop, { role: 'admin' });
      await onlyAdmins(survivor, rival);
      const [removedRival, removedSurvivor] = await Promise.all([setRole(survivor, rival, 'user'), setRole(rival, survivor, 'user')]);
      const statuses = [removedRival.statusCode, removedSurvivor.statusCode];
      // One removal wins; the other is refused: the shop's last admin (409), or no admin any more (403).
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409 || status === 403)).toHaveLength(1);
      expect(await adminCount()).toBe(1);
      survivor = removedRival.statusCode === 200 ? survivor : rival;
      expect(await roleOf(survivor)).toBe('admin');
    }
  });

  itRaces(kind)('keeps one admin when every admin gives up the role at once', async () => {
    const admins = [await registerUser(shop), await registerUser(shop), await registerUser(shop)];
    await onlyAdmins(...admins);
    const answers = await Promise.all(admins.map((admin) => setRole(admin, admin, 'user')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 409]);
    expect(await adminCount()).toBe(1);
  });
});
