import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { startTestShop, type TestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { AUTHORIZATION_MATRIX, everyone, freshFixtures, multipartImage, tinyPng, type Role } from '../test-support/route-catalogue.ts';
import { bearer, browserHeaders, registerUser, type TestUser } from '../test-support/test-users.ts';

/**
 * Who may call what: every documented /api route, for an anonymous caller, user A (the owner of
 * the things the call touches), user B (another customer, touching A's things) and an admin.
 * Each cell runs against fresh fixtures; a refused call must answer 401/403 and change nothing.
 */
describe.each(testDatabaseKinds)('authorization matrix on $name', (kind) => {
  let shop: TestShop;
  let users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  let png: Buffer;

  beforeAll(async () => {
    shop = await startTestShop(kind, { seed: true });
    users = { owner: await registerUser(shop), other: await registerUser(shop), admin: await registerUser(shop, { role: 'admin' }) };
    png = await tinyPng();
  });
  afterAll(() => shop.close());

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

  const cells = AUTHORIZATION_MATRIX.flatMap((row) => everyone.map((role) => ({ row, role })));
  it.each(cells.map(({ row, role }) => [`${row.method} ${row.route}`, role, row] as const))('%s as %s', async (_label, role, row) => {
    const fixtures = await freshFixtures(shop, users.owner, users.admin);
    const user = role === 'anonymous' ? null : users[role];
    const before = await snapshotShop(shop.database.db);
    const response = await shop.app.inject({
      method: row.method,
      url: row.url(fixtures),
      ...(row.multipart ? multipartImage(png) : { payload: row.body?.(fixtures) as object | undefined }),
      headers: {
        ...(row.multipart ? multipartImage(png).headers : {}),
        ...(user ? (row.cookie ? browserHeaders(user.cookie) : bearer(user)) : {}),
      },
    });
    if (row.allowed.includes(role)) {
      // Past the door: success, or a business refusal that is not about who is calling.
      expect([401, 403], response.body).not.toContain(response.statusCode);
      expect(response.statusCode, response.body).toBeLessThan(500);
    } else {
      expect(response.statusCode >= 400 && response.statusCode < 500, response.body).toBe(true);
      expect(await snapshotShop(shop.database.db)).toEqual(before);
    }
  });
});
