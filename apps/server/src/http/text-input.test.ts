import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authUsers, reviews, userProfiles } from '../db/schema.ts';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, postToAuth } from '../test-support/test-users.ts';

/**
 * Issue 24: text input is text. PostgreSQL refuses U+0000 in a text value, so a NUL anywhere a
 * request's text reaches the database answered 500, to anonymous callers too. Every field and
 * parameter now refuses control characters (and broken UTF-16) in words before anything is read
 * or written; tab and newline only where the field is several lines (a review).
 */
const CONTROL_CHARACTERS = [
  ['a NUL', '\u0000'],
  ['an escape', '\u001b'],
  ['a delete', '\u007f'],
  ['a C1 control', '\u0085'],
] as const;

const controlMessage = (label: string) => `${label} contains an invisible control character: remove it`;

describe.each(testDatabaseKinds)('control characters in text on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  const everything = async () => ({
    ...(await snapshotShop(shop.database.db)),
    users: await shop.database.db.select().from(authUsers).orderBy(authUsers.id),
  });

  describe.each(CONTROL_CHARACTERS)('%s', (_name, control) => {
    it.each([
      ['the catalogue', '/api/getTools'],
      ["an admin's user list", '/api/allUsers'],
      ["an admin's order list", '/api/adminPurchased'],
    ])('in a search of %s is refused in words', async (_list, path) => {
      const response = await shop.app.inject({ method: 'GET', url: `${path}?q=${encodeURIComponent(`drill${control}`)}`, headers: bearer(shop.admin) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message: controlMessage('Search') });
    });

    it('in a sign-in email is refused in words, for an anonymous caller', async () => {
      const response = await postToAuth(shop.app, '/sign-in/email', { email: `${shop.customer.email}${control}`, password: shop.customer.password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message: controlMessage('Email') });
      expect(response.cookies).toEqual([]);
    });

    it('in a sign-up name is refused in words and no account is made', async () => {
      const before = await everything();
      const response = await postToAuth(shop.app, '/sign-up/email', { name: `Nul${control}Person`, email: 'nul-person@example.com', password: 'Abc#1234' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message: controlMessage('Name') });
      expect(await everything()).toEqual(before);
    });

    it('in a sign-up password is refused in words and no account is made', async () => {
      const before = await everything();
      const response = await postToAuth(shop.app, '/sign-up/email', { name: 'Nul Person', email: 'nul-password@example.com', password: `Abc#1234${control}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message: controlMessage('Password') });
      expect(await everything()).toEqual(before);
    });

    it('in a review is refused in words and nothing is stored', async () => {
      const before = await everything();
      const response = await shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(shop.customer), payload: { review: `Good${control}drill`, rating: 5 } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message: controlMessage('Review') });
      expect(await everything()).toEqual(before);
    });

    it.each([
      ['address', 'Address'],
      ['education', 'Education'],
      ['name', 'Name'],
    ])('in a profile %s is refused in words and nothing is changed', async (field, label) => {
      const before = await everything();
      const response = await shop.app.inject({
        method: 'PATCH',
        url: `/api/profile/${shop.customer.profileId}`,
        headers: bearer(shop.customer),
        payload: { [field]: `Line${control}one` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message: controlMessage(label) });
      expect(await everything()).toEqual(before);
    });

    it('in a path parameter is refused in words', async () => {
      const response = await shop.app.inject({ method: 'GET', url: `/api/getTool/${encodeURIComponent(control)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message: controlMessage('Tool') });
    });
  });

  it('takes tabs and newlines in a review, which has lines, and keeps them', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(shop.customer), payload: { review: 'Good drill.\n\tStrong\r\nbattery.', rating: 5 } });
    expect(response.statusCode).toBe(200);
    const [stored] = await shop.database.db.select({ review: reviews.review }).from(reviews).where(eq(reviews.id, response.json().insertedId));
    expect(stored?.review).toBe('Good drill.\n\tStrong\r\nbattery.');
  });

  it('refuses a newline in a one-line field (a profile address)', async () => {
    const response = await shop.app.inject({ method: 'PATCH', url: `/api/profile/${shop.customer.profileId}`, headers: bearer(shop.customer), payload: { address: 'Line\none' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: controlMessage('Address') });
  });

  it('refuses half of a character (a lone surrogate) in a review in words', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: { ...bearer(shop.customer), 'content-type': 'application/json' },
      payload: '{"review":"Good \\ud83d drill","rating":5}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: 'Review contains a broken character: remove it' });
  });

  it('takes text of every other kind: accents, emoji joined by zero-width joiners, right-to-left names', async () => {
    const name = 'Zoë 👩‍🔧 \u200fمريم';
    const response = await shop.app.inject({ method: 'PATCH', url: `/api/profile/${shop.customer.profileId}`, headers: bearer(shop.customer), payload: { name } });
    expect(response.statusCode).toBe(200);
    const [profile] = await shop.database.db.select({ name: userProfiles.name }).from(userProfiles).where(eq(userProfiles.id, shop.customer.profileId));
    expect(profile?.name).toBe(name);
  });
});
