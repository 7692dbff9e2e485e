import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_NOT_VALID } from '@voltline/shared/password';
import { linkInMail } from '@voltline/test-kit/outbox';
import { authSessions, authUsers } from '../db/schema.ts';
import { TEST_PUBLIC_URL } from '../test-support/test-app.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { browserHeaders, registerUser, sessionCookieOf, signIn } from '../test-support/test-users.ts';

const NOT_VALID = { error: 'password_not_valid', message: PASSWORD_NOT_VALID };
const tooLong = (message: string) => ({ error: 'bad_request', message });

/** What better-auth stores must keep the spec's password rules and the shop's text limits, on every path. */
describe.each(testDatabaseKinds)('account rules on $name', (kind) => {
  const shop = useTestShop(kind);

  const post = (path: string, payload: object, cookie?: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'POST', url: `/api/auth${path}`, headers: { ...browserHeaders(cookie), ...headers }, payload });
  const usersWithEmail = (email: string) => shop.database.db.select().from(authUsers).where(eq(authUsers.email, email));

  describe('passwords', () => {
    it.each([
      ['one character', 'a'],
      ['too long', 'Abcdefgh#12'],
      ['no uppercase letter', 'abcdef#1'],
    ])('change-password refuses a new password with %s and keeps the old one', async (_rule, newPassword) => {
      const alice = await registerUser(shop);
      const response = await post('/change-password', { currentPassword: alice.password, newPassword }, alice.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(NOT_VALID);
      await expect(signIn(shop.app, alice.email, newPassword)).rejects.toThrow();
      await signIn(shop.app, alice.email, alice.password);
    });

    it('change-password still takes a password that keeps the rules', async () => {
      const alice = await registerUser(shop);
      expect((await post('/change-password', { currentPassword: alice.password, newPassword: 'Next#4567' }, alice.cookie)).statusCode).toBe(200);
      await signIn(shop.app, alice.email, 'Next#4567');
    });

    it('reset-password checks the password it stores, not a valid decoy next to it', async () => {
      const alice = await registerUser(shop);
      await post('/request-password-reset', { email: alice.email, redirectTo: '/reset-password' });
      const link = linkInMail(shop.outbox().findLast((mail) => mail.includes(`To: ${alice.email}`))!, '/api/auth/reset-password/');
      const landing = await shop.app.inject({ method: 'GET', url: link.replace(TEST_PUBLIC_URL, '') });
      const token = new URL(landing.headers.location as string, TEST_PUBLIC_URL).searchParams.get('token')!;

      const decoy = await post('/reset-password', { token, password: 'Decoy#123', newPassword: 'a' });
      expect(decoy.statusCode).toBe(400);
      expect(decoy.json()).toEqual(NOT_VALID);
      await expect(signIn(shop.app, alice.email, 'a')).rejects.toThrow();
      // Nothing was spent: the same link still sets a good password.
      expect((await post('/reset-password', { token, newPassword: 'Fresh#123' })).statusCode).toBe(200);
      await signIn(shop.app, alice.email, 'Fresh#123');
    });

    it("holds better-auth's own length checks to the spec's", async () => {
      const { password } = await shop.core.auth.$context;
      expect(password.config).toMatchObject({ minPasswordLength: PASSWORD_MIN_LENGTH, maxPasswordLength: PASSWORD_MAX_LENGTH });
    });
  });

  describe('texts', () => {
    let signUps = 0;
    const signUp = (fields: Record<string, unknown>) =>
      post('/sign-up/email', { name: 'Bounded', email: `bounded-${(signUps += 1)}@example.com`, password: 'Abc#1234', ...fields });

    it.each([
      ['a 900,000-character name', { name: 'x'.repeat(900_000) }, 'Name can be at most 80 characters'],
      ['an 81-character name', { name: 'x'.repeat(81) }, 'Name can be at most 80 characters'],
      ['a 255-character email', { email: `${'e'.repeat(243)}@example.com` }, 'Email can be at most 254 characters'],
      ['a 2001-character picture address', { image: `https://example.com/${'p'.repeat(1981)}` }, 'Picture address can be at most 2000 characters'],
      ['a name that is not text', { name: { first: 'X' } }, 'Name must be text'],
    ])('sign-up refuses %s and creates nobody', async (_case, fields, message) => {
      const response = await signUp(fields);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(tooLong(message));
      expect(await usersWithEmail('email' in fields ? fields.email : `bounded-${signUps}@example.com`)).toEqual([]);
    });

    it('sign-up takes a name of exactly 80 characters', async () => {
      const response = await signUp({ name: 'n'.repeat(80) });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.name).toBe('n'.repeat(80));
    });

    it('update-user refuses an over-long or non-text name and keeps the stored one', async () => {
      const alice = await registerUser(shop, { name: 'Alice Short' });
      for (const [name, message] of [
        ['x'.repeat(81), 'Name can be at most 80 characters'],
        [['not', 'text'], 'Name must be text'],
      ] as const) {
        const response = await post('/update-user', { name }, alice.cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(tooLong(message));
      }
      expect((await usersWithEmail(alice.email))[0]!.name).toBe('Alice Short');
    });

    it("update-user and sign-up change none of the fields the identity service keeps (verified, dates, id), whatever they are sent", async () => {
      const alice = await registerUser(shop, { name: 'Alice Kept' });
      const [before] = await usersWithEmail(alice.email);
      const forged = { emailVerified: !before!.emailVerified, createdAt: '1999-01-01T00:00:00.000Z', updatedAt: '2999-01-01T00:00:00.000Z', id: 'forged-id' };
      const updated = await post('/update-user', { name: 'Alice Renamed', ...forged }, alice.cookie);
      expect(updated.statusCode).toBeLessThan(500);
      const [after] = await usersWithEmail(alice.email);
      expect(after).toMatchObject({ id: before!.id, emailVerified: before!.emailVerified, createdAt: before!.createdAt });
      expect(after!.updatedAt.getFullYear()).toBeLessThan(2999);

      const email = `forged-${Date.now()}@example.com`;
      const signedUp = await post('/sign-up/email', { name: 'Forged Fields', email, password: 'Forge#123', ...forged, emailVerified: true });
      expect(signedUp.statusCode).toBeLessThan(500);
      for (const user of await usersWithEmail(email)) {
        expect(user.id).not.toBe('forged-id');
        expect(user.emailVerified).toBe(false);
        expect(user.createdAt.getFullYear()).toBeGreaterThan(2000);
        expect(user.updatedAt.getFullYear()).toBeLessThan(2999);
      }
    });

    it('change-email refuses an over-long address before anything else', async () => {
      const alice = await registerUser(shop);
      const response = await post('/change-email', { newEmail: `${'e'.repeat(243)}@example.com` }, alice.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(tooLong('Email can be at most 254 characters'));
    });

    it('bounds any other text a call carries (here the address a reset returns to)', async () => {
      const alice = await registerUser(shop);
      const response = await post('/request-password-reset', { email: alice.email, redirectTo: `/${'r'.repeat(2000)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(tooLong('redirectTo can be at most 2000 characters'));
    });

    it('clips the browser name a session keeps', async () => {
      const alice = await registerUser(shop);
      const response = await post('/sign-in/email', { email: alice.email, password: alice.password }, undefined, { 'user-agent': 'A'.repeat(8000) });
      const token = decodeURIComponent(sessionCookieOf(response).split('=')[1]!).split('.')[0]!;
      const [session] = await shop.database.db.select().from(authSessions).where(eq(authSessions.token, token));
      expect(session!.userAgent).toBe('A'.repeat(500));
    });

    it('bounds a user row written without a body the shop checked (as a provider profile updates it)', async () => {
      const alice = await registerUser(shop);
      const [stored] = await usersWithEmail(alice.email);
      const { internalAdapter } = await shop.core.auth.$context;
      await internalAdapter.updateUser(stored!.id, { name: 'P'.repeat(1000), image: `https://example.com/${'i'.repeat(3000)}` });
      expect((await usersWithEmail(alice.email))[0]).toMatchObject({ name: 'P'.repeat(80), image: null });
    });
  });
});
