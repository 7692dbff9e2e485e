import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@voltline/shared/staff-roles';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { oneDatabaseKind } from '../test-support/test-databases.ts';
import { AUTHORIZATION_MATRIX, everyone, fixtureHandover, freshFixtures, multipartImage, tinyPng, type Fixtures, type MatrixRow, type Role } from '../test-support/route-catalogue.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, browserHeaders, registerUser, type TestUser } from '../test-support/test-users.ts';

/**
 * Who may call what: every documented /api route, for an anonymous caller, user A (the owner of
 * the things the call touches), user B (another customer, touching A's things), an admin, and a
 * member of staff holding each other role alone (decision 063). An allowed call gets the route's
 * success (200), a refused one 401 (anonymous) or 403 (signed in) and changes nothing.
 *
 * One test per route, its callers together: the refused ones at once on one set of fixtures (the
 * snapshot after equals the one before), then the allowed ones, reads at once on the same fixtures,
 * writes one after another, each on fresh fixtures only where the row says a write takes them away.
 * Making fixtures is most of the cost (an order paid and refunded, a picture uploaded), and 8 callers
 * one by one would make this file the slowest of the suite.
 */
// On one database (PostgreSQL where there is one): who may call what is decided by the guards and the
// services before either database answers (decision 064).
describe.each([oneDatabaseKind])('authorization matrix on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  let users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  let png: Buffer;

  beforeAll(async () => {
    // A session per caller, made once.
    const staff = await Promise.all(STAFF_ROLES.filter((role) => role !== 'admin').map(async (role) => [role, await registerUser(shop, { staffRoles: [role] })] as const));
    users = { owner: shop.customer, other: await registerUser(shop), admin: shop.admin, ...Object.fromEntries(staff) } as typeof users;
    png = await tinyPng();
  });

  it('covers every documented route', async () => {
    const document = (await shop.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => method !== 'head')
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    // A route may have several rows (PATCH /api/profile/{id}: an owner's details, an admin's role change).
    const covered = new Set(AUTHORIZATION_MATRIX.map((row) => `${row.method} ${row.route}`));
    expect([...covered].sort()).toEqual([...documented].sort());
  });

  it('names the permission of every back-office route', () => {
    // A route no customer may call is the back office's: it says which staff it lets in (staff-roles.ts).
    const unnamed = AUTHORIZATION_MATRIX.filter((row) => !row.allowed.includes('owner') && !row.allowed.includes('other') && !row.permission);
    expect(unnamed.map((row) => `${row.method} ${row.route}`)).toEqual([]);
  });

  /** The caller of `role`: a customer of its own where the row takes its caller away (DELETE /api/me). */
  const callerOf = async (row: MatrixRow, role: Role): Promise<TestUser | null> =>
    role === 'anonymous' ? null : row.freshCaller && (role === 'owner' || role === 'other') ? await registerUser(shop) : users[role];

  function call(row: MatrixRow, user: TestUser | null, fixtures: Fixtures): Promise<LightMyRequestResponse> {
    const body = row.body?.(fixtures) as object | undefined;
    return shop.app.inject({
      method: row.method,
      url: row.url(fixtures),
      ...(row.multipart ? multipartImage(png) : { payload: body }),
      headers: {
        ...(row.multipart ? multipartImage(png).headers : {}),
        ...(user ? (row.cookie ? browserHeaders(user.cookie) : bearer(user)) : {}),
        ...row.headers?.(body),
      },
    });
  }

  const prepare = async (row: MatrixRow, user: TestUser | null, fixtures: Fixtures) => {
    if (user) await row.prepare?.(shop, user, fixtures);
  };

  const answered = (role: Role, response: LightMyRequestResponse) => `${role}: ${response.statusCode} ${response.body.slice(0, 200)}`;

  // A row whose calls changed nothing (its refusals, and most reads) hands its fixtures to the next:
  // a set made afresh for each of the 168 rows was most of this file's time (route-catalogue.ts).
  const sets = fixtureHandover(shop, () => users.owner, () => users.admin);

  it.each(AUTHORIZATION_MATRIX.map((row) => [`${row.method} ${row.route}`, row] as const))('%s', async (_label, row) => {
    const taken = await sets.take();
    let { fixtures } = taken;
    const refused = everyone.filter((role) => !row.allowed.includes(role));
    const allowed = everyone.filter((role) => row.allowed.includes(role));

    // Refused at the door: a stranger is asked to sign in, a signed-in caller is forbidden (or, for
    // another's order where the route says so, told it does not exist), and nothing changes.
    const refusedCallers = await Promise.all(refused.map((role) => callerOf(row, role)));
    for (const user of refusedCallers) await prepare(row, user, fixtures);
    const before = await snapshotShop(shop.database.db);
    const refusals = await Promise.all(refusedCallers.map((user) => call(row, user, fixtures)));
    const expected = (role: Role) => (role === 'anonymous' ? 401 : row.hiddenFromOthers ? 404 : 403);
    const bodies = refusals.map((response, index) => answered(refused[index]!, response)).join('\n');
    expect(refusals.map((response, index) => `${refused[index]}: ${response.statusCode}`), bodies).toEqual(refused.map((role) => `${role}: ${expected(role)}`));
    expect(await snapshotShop(shop.database.db)).toEqual(before);

    // Past the door to the route's success (200 on every route): a refusal from deeper in would hide a wrong guard.
    const success = (role: Role, response: LightMyRequestResponse) => expect(answered(role, response)).toMatch(new RegExp(`^${role}: 200 `));
    if (row.method === 'GET') {
      const allowedCallers = await Promise.all(allowed.map((role) => callerOf(row, role)));
      for (const user of allowedCallers) await prepare(row, user, fixtures);
      const answers = await Promise.all(allowedCallers.map((user) => call(row, user, fixtures)));
      answers.forEach((response, index) => success(allowed[index]!, response));
    } else {
      for (const [index, role] of allowed.entries()) {
        if (index > 0 && row.consumes) fixtures = await freshFixtures(shop, users.owner, users.admin);
        const user = await callerOf(row, role);
        await prepare(row, user, fixtures);
        success(role, await call(row, user, fixtures));
      }
    }
    await sets.giveBack(fixtures, taken.asFound);
  });
});
