import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { AUTHORIZATION_MATRIX, everyone, freshFixtures, multipartImage, tinyPng, type Fixtures, type MatrixRow, type Role } from '../test-support/route-catalogue.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, browserHeaders, registerUser, type TestUser } from '../test-support/test-users.ts';

/**
 * Who may call what: every documented /api route, for an anonymous caller, user A (the owner of
 * the things the call touches), user B (another customer, touching A's things) and an admin.
 * Each cell runs against fresh fixtures; an allowed call gets the route's success (200), a refused
 * one 401 (anonymous) or 403 (signed in) and changes nothing.
 */
describe.each(testDatabaseKinds)('authorization matrix on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  let users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  let png: Buffer;

  beforeAll(async () => {
    users = { owner: shop.customer, other: await registerUser(shop), admin: shop.admin };
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

  /**
   * The fixtures of a refused cell, which it left as they were (the snapshot after equals the one
   * before), for the row's next cell: making them is most of a cell's cost (an order paid and
   * refunded, a picture uploaded), and a call that changed nothing leaves them as good as new. An
   * allowed write may consume them (an allowed read does not), and a failed cell leaves none.
   */
  let untouched: { row: MatrixRow; fixtures: Fixtures } | undefined;

  const cells = AUTHORIZATION_MATRIX.flatMap((row) => everyone.map((role) => ({ row, role })));
  it.each(cells.map(({ row, role }) => [`${row.method} ${row.route}`, role, row] as const))('%s as %s', async (_label, role, row) => {
    const kept = untouched?.row === row ? untouched.fixtures : undefined;
    untouched = undefined;
    const fixtures = kept ?? (await freshFixtures(shop, users.owner, users.admin));
    const user = role === 'anonymous' ? null : row.freshCaller && role !== 'admin' ? await registerUser(shop) : users[role];
    if (user) await row.prepare?.(shop, user, fixtures);
    const before = await snapshotShop(shop.database.db);
    const body = row.body?.(fixtures) as object | undefined;
    const response = await shop.app.inject({
      method: row.method,
      url: row.url(fixtures),
      ...(row.multipart ? multipartImage(png) : { payload: body }),
      headers: {
        ...(row.multipart ? multipartImage(png).headers : {}),
        ...(user ? (row.cookie ? browserHeaders(user.cookie) : bearer(user)) : {}),
        ...row.headers?.(body),
      },
    });
    if (row.allowed.includes(role)) {
      // Past the door to the route's success (200 on every route): a refusal from deeper in would hide a wrong guard.
      expect(response.statusCode, response.body).toBe(200);
      // A read leaves its fixtures as they were too (a write may have taken them: see above).
      if (row.method === 'GET') untouched = { row, fixtures };
    } else {
      // Refused at the door: a stranger is asked to sign in, a signed-in caller is forbidden (or, for
      // another customer's order where the route says so, told it does not exist).
      expect(response.statusCode, response.body).toBe(role === 'anonymous' ? 401 : role === 'other' && row.hiddenFromOthers ? 404 : 403);
      expect(await snapshotShop(shop.database.db)).toEqual(before);
      untouched = { row, fixtures };
    }
  });
});
