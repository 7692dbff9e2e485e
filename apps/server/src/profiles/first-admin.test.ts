import { describe, expect, it, vi } from 'vitest';
import { isValidPassword } from '@voltline/shared/password';
import { createLogger } from '../http/logging.ts';
import { startTestShop } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, exchangeToken, signIn } from '../test-support/test-users.ts';
import { ensureFirstAdmin, generateAdminPassword } from './first-admin.ts';

describe.each(testDatabaseKinds)('first admin on $name', (kind) => {
  const shop = useTestShop(kind);

  const run = (firstAdmin: { email?: string; password?: string }) =>
    ensureFirstAdmin({
      db: shop.database.db,
      auth: shop.core.auth,
      profiles: shop.core.profiles,
      firstAdmin: { email: firstAdmin.email, password: firstAdmin.password },
      log: createLogger('silent'),
    });

  it('creates the configured admin once, who can sign in as an admin', async () => {
    await run({ email: 'Owner@Example.com', password: 'Owner#2026' });
    await run({ email: 'someone.else@example.com', password: 'Other#2026' });
    const cookie = await signIn(shop.app, 'owner@example.com', 'Owner#2026');
    const token = await exchangeToken(shop.app, 'owner@example.com', cookie);
    const answer = await shop.app.inject({ method: 'GET', url: '/api/admin/owner@example.com', headers: bearer({ token }) });
    expect(answer.json()).toEqual({ admin: true, roles: ['admin'] });
    await expect(signIn(shop.app, 'someone.else@example.com', 'Other#2026')).rejects.toThrow(/401/);

    // Its role history starts with the role the shop gave it, with no one as its author.
    const profile = (await shop.app.inject({ method: 'GET', url: '/api/user?email=owner@example.com', headers: bearer({ token }) })).json();
    const history = await shop.app.inject({ method: 'GET', url: `/api/profile/${profile._id}/role-history`, headers: bearer({ token }) });
    expect(history.json()).toEqual([{ role: 'admin', roles: ['admin'], changedBy: null, at: expect.any(String) }]);
  });
});

describe('first admin without configuration', () => {
  const shop = useTestShop(testDatabaseKinds[0]!);

  it('prints a random password once, and it works', async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((text: string) => printed.push(text));
    try {
      await ensureFirstAdmin({
        db: shop.database.db,
        auth: shop.core.auth,
        profiles: shop.core.profiles,
        firstAdmin: { email: undefined, password: undefined },
        log: createLogger('silent'),
      });
    } finally {
      spy.mockRestore();
    }
    const password = printed.join('\n').match(/Password: (\S+)/)![1]!;
    expect(isValidPassword(password)).toBe(true);
    await signIn(shop.app, 'admin@voltline.local', password);
  });

  it('generates passwords that pass the shop rules', () => {
    const passwords = Array.from({ length: 200 }, generateAdminPassword);
    expect(passwords.every(isValidPassword)).toBe(true);
    expect(new Set(passwords).size).toBe(200);
  });

  it('refuses a configured password that breaks the rules', async () => {
    const other = await startTestShop(testDatabaseKinds[0]!);
    await expect(
      ensureFirstAdmin({
        db: other.database.db,
        auth: other.core.auth,
        profiles: other.core.profiles,
        firstAdmin: { email: 'x@example.com', password: 'password' },
        log: createLogger('silent'),
      }),
    ).rejects.toThrow(/SHOP_ADMIN_PASSWORD: Password is not valid/);
    await other.close();
  });
});
