import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from 'better-auth/crypto';
import { loadConfig } from '../config.ts';
import { passwordHashingOptions } from './password-hashing.ts';
import { authAccounts, authUsers } from '../db/schema.ts';
import { oneDatabaseKind } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { registerUser, signIn } from '../test-support/test-users.ts';

/** The password hash stored for the account with `email`. */
async function storedHash(shop: ReturnType<typeof useTestShop>, email: string): Promise<string> {
  const [row] = await shop.database.db
    .select({ hash: authAccounts.password })
    .from(authAccounts)
    .innerJoin(authUsers, eq(authUsers.id, authAccounts.userId))
    .where(eq(authUsers.email, email));
  return row!.hash!;
}

/**
 * Every other suite hashes at the test cost (test-app.ts); this one keeps the shop's own, and shows the
 * test cost can neither run in production nor let its hashes into a shop that hashes for real.
 */
describe('password hashing', () => {
  describe('at the real cost (the default)', () => {
    const shop = useTestShop(oneDatabaseKind, { environment: { PASSWORD_HASHING: 'scrypt' } });

    it("stores better-auth's own scrypt hash, which signs in", async () => {
      const alice = await registerUser(shop);
      const hash = await storedHash(shop, alice.email);
      expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(await verifyPassword({ hash, password: alice.password })).toBe(true);
      await signIn(shop.app, alice.email, alice.password);
    });

    it('never accepts a hash made at the test cost', async () => {
      const carol = await registerUser(shop);
      const fastHash = await passwordHashingOptions('fast-for-tests')!.hash('Fast#123');
      await shop.database.db.update(authAccounts).set({ password: fastHash }).where(eq(authAccounts.userId, await userId(shop, carol.email)));
      await expect(signIn(shop.app, carol.email, 'Fast#123')).rejects.toThrow(/sign-in failed: 401/);
    });
  });

  describe('at the test cost', () => {
    const shop = useTestShop(oneDatabaseKind);

    it('stores a marked hash that signs in with the password and no other', async () => {
      const dave = await registerUser(shop);
      expect(await storedHash(shop, dave.email)).toMatch(/^fast:[0-9a-f]{32}:[0-9a-f]{128}$/);
      await signIn(shop.app, dave.email, dave.password);
      await expect(signIn(shop.app, dave.email, 'Abc#1235')).rejects.toThrow(/sign-in failed: 401/);
    });
  });

  it('is refused in production, in words', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASHING: 'fast-for-tests' })).toThrow(/PASSWORD_HASHING=fast-for-tests is for the test suites only/);
    expect(loadConfig({ NODE_ENV: 'production' }).passwordHashing).toBe('scrypt');
  });
});

async function userId(shop: ReturnType<typeof useTestShop>, email: string): Promise<string> {
  const [row] = await shop.database.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  return row!.id;
}
