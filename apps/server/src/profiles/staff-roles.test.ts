import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE, type RoleChange } from '@voltline/shared/profile';
import type { StaffRole } from '@voltline/shared/staff-roles';
import { userProfiles } from '../db/schema.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/**
 * Issue 41, item 4 (decision 063): admins give and take staff roles on the Team page, a user may hold
 * several, each opens its part of the back office at once on the token already held, every change
 * is recorded, and the shop keeps an admin. Which role opens which route: authorization-matrix.test.ts.
 */
describe.each(testDatabaseKinds)('staff roles on $name', (kind) => {
  const shop = useTestShop(kind, { users: true });

  const setRoles = (caller: TestUser, target: TestUser, roles: string[]) =>
    shop.app.inject({ method: 'PUT', url: `/api/profile/${target.profileId}/roles`, headers: bearer(caller), payload: { roles } });
  const statusOf = async (user: TestUser, url: string) => (await shop.app.inject({ method: 'GET', url, headers: bearer(user) })).statusCode;
  const answerOf = async (caller: TestUser, user: TestUser) => (await shop.app.inject({ method: 'GET', url: `/api/admin/${user.email}`, headers: bearer(caller) })).json();
  const historyOf = async (user: TestUser, caller = shop.admin): Promise<RoleChange[]> =>
    (await shop.app.inject({ method: 'GET', url: `/api/profile/${user.profileId}/role-history`, headers: bearer(caller) })).json();

  it('gives a role that opens its part of the back office at once, and only that part', async () => {
    const clerk = await registerUser(shop);
    expect(await statusOf(clerk, '/api/adminPurchased?limit=1')).toBe(403);

    expect((await setRoles(shop.admin, clerk, ['fulfilment'])).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    // The spec's field still says who is an admin: a fulfilment clerk is not one.
    expect(await answerOf(clerk, clerk)).toEqual({ admin: false, roles: ['fulfilment'] });
    expect((await shop.app.inject({ method: 'GET', url: `/api/user?email=${clerk.email}`, headers: bearer(clerk) })).json()).toMatchObject({ role: 'user', roles: ['fulfilment'] });

    // The token they already hold: orders and returns open, refunds and the VAT report refused in words.
    expect(await statusOf(clerk, '/api/adminPurchased?limit=1')).toBe(200);
    expect(await statusOf(clerk, '/api/admin/returns?limit=1')).toBe(200);
    const refund = await shop.app.inject({ method: 'POST', url: `/api/adminPurchased/00000000-0000-4000-8000-000000000000/refund`, headers: bearer(clerk), payload: { amount: 1, reason: 'Not mine' } });
    expect(refund.statusCode).toBe(403);
    expect(refund.json()).toEqual({ error: 'forbidden', message: 'Only an admin or accounts staff can do this.' });
    expect(await statusOf(clerk, '/api/admin/vat-report?month=2026-11')).toBe(403);
    expect(await statusOf(clerk, '/api/allUsers')).toBe(403);
  });

  it('lets a user hold several roles, takes them back at once, and records each change', async () => {
    const helper = await registerUser(shop);
    expect((await setRoles(shop.admin, helper, ['support', 'catalogue', 'support'])).statusCode).toBe(200);
    expect(await answerOf(shop.admin, helper)).toEqual({ admin: false, roles: ['catalogue', 'support'] });
    expect(await statusOf(helper, '/api/queries?limit=1')).toBe(200);
    expect(await statusOf(helper, '/api/adminGetTools?limit=1')).toBe(200);
    expect(await statusOf(helper, '/api/admin/returns?limit=1')).toBe(403);
    // The same set again changes and records nothing.
    expect((await setRoles(shop.admin, helper, ['catalogue', 'support'])).json()).toEqual({ acknowledged: true, modifiedCount: 0 });

    expect((await setRoles(shop.admin, helper, [])).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await statusOf(helper, '/api/queries?limit=1')).toBe(403);
    expect(await statusOf(helper, '/api/adminGetTools?limit=1')).toBe(403);

    const history = await historyOf(helper);
    expect(history.map(({ role, roles, changedBy }) => ({ role, roles, changedBy }))).toEqual([
      { role: 'user', roles: [], changedBy: shop.admin.email },
      { role: 'user', roles: ['catalogue', 'support'], changedBy: shop.admin.email },
    ]);
  });

  it("keeps the spec's Make Admin, adds admin to the roles held, and keeps the shop's last admin", async () => {
    const [owner, clerk] = [await registerUser(shop, { role: 'admin' }), await registerUser(shop, { staffRoles: ['accounts'] })];
    // The only admin: everyone else's admin role goes first.
    await shop.database.db.update(userProfiles).set({ role: 'user' });
    await shop.database.db.update(userProfiles).set({ role: 'admin' }).where(eq(userProfiles.id, owner.profileId));

    const keep = await setRoles(owner, owner, ['fulfilment']);
    expect(keep.statusCode).toBe(409);
    expect(keep.json().message).toBe(LAST_ADMIN_MESSAGE);
    expect(await answerOf(owner, owner)).toEqual({ admin: true, roles: ['admin'] });

    const made = await shop.app.inject({ method: 'PATCH', url: `/api/profile/${clerk.profileId}`, headers: bearer(owner), payload: { role: 'admin' } });
    expect(made.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await answerOf(owner, clerk)).toEqual({ admin: true, roles: ['admin', 'accounts'] });

    // Now another admin is there, the first may step down to a role of their own.
    expect((await setRoles(owner, owner, ['fulfilment'])).statusCode).toBe(200);
    expect(await answerOf(clerk, owner)).toEqual({ admin: false, roles: ['fulfilment'] });
    expect((await historyOf(owner, clerk))[0]).toMatchObject({ role: 'user', roles: ['fulfilment'], changedBy: owner.email });
    // ... and, no longer an admin, gives no role any more.
    expect((await setRoles(owner, clerk, [])).statusCode).toBe(403);
    // The shop's own admin again, for the next test.
    await shop.database.db.update(userProfiles).set({ role: 'admin' }).where(eq(userProfiles.id, shop.admin.profileId));
  });

  it('refuses roles from anyone but an admin, and a role the shop does not have, in words', async () => {
    const [clerk, customer] = [await registerUser(shop, { staffRoles: ['fulfilment', 'accounts', 'catalogue', 'support'] }), await registerUser(shop)];
    const refused = await setRoles(clerk, customer, ['fulfilment']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an admin can do this.');
    const unknown = await setRoles(shop.admin, customer, ['owner' satisfies string as StaffRole]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('A role is one of admin, fulfilment, catalogue, accounts, support');
    expect(await answerOf(shop.admin, customer)).toEqual({ admin: false, roles: [] });
  });
});
