import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviewSchema } from '@voltline/shared/review';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { reviews } from '../db/schema.ts';
import { bearer, registerUser } from '../test-support/test-users.ts';

describe.each(testDatabaseKinds)('reviews on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true });

  it('lists the seeded reviews, newest first, some without a photo', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/review' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.length).toBeGreaterThanOrEqual(6);
    for (const review of body) expect(reviewSchema.strict().parse(review)).toEqual(review);
    expect(body.some((review: { photo: string | null }) => review.photo === null)).toBe(true);

    const rows = await shop.database.db.select().from(reviews);
    const newestFirst = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((row) => row.id);
    expect(body.map((review: { _id: string }) => review._id)).toEqual(newestFirst);
  });
});

describe.each(testDatabaseKinds)('adding reviews on $name', (kind) => {
  const shop = useTestShop(kind);

  it('takes the author and date from the server and lists the review first', async () => {
    const alice = await registerUser(shop, { name: 'Alice Ampere' });
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: bearer(alice),
      payload: { review: 'Sturdy crimper, <b>great</b> ratchet.', rating: 4, userName: 'Admin', userEmail: 'admin@voltline.local', reviewDate: 'Jan 1, 1990', photo: 'https://evil.example/p.png' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const [newest] = (await shop.app.inject({ method: 'GET', url: '/api/review' })).json();
    expect(newest).toMatchObject({
      _id: response.json().insertedId,
      userName: 'Alice Ampere',
      review: 'Sturdy crimper, <b>great</b> ratchet.',
      rating: 4,
      photo: null,
    });
    expect(newest.reviewDate).not.toBe('Jan 1, 1990');
    // The email is the shop's record of who wrote it, not something the public list gives away.
    const [stored] = await shop.database.db.select().from(reviews).where(eq(reviews.id, newest._id));
    expect(stored!.userEmail).toBe(alice.email);
  });

  it('names reviewers in the public list by name and photo only, never by email', async () => {
    const bob = await registerUser(shop, { name: 'Bob Bolt' });
    await shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(bob), payload: { review: 'Good meter', rating: 5 } });
    const list = await shop.app.inject({ method: 'GET', url: '/api/review' });
    expect(list.statusCode).toBe(200);
    for (const review of list.json()) {
      expect(Object.keys(review).sort()).toEqual(['_id', 'photo', 'rating', 'review', 'reviewDate', 'reviewTime', 'userName']);
    }
    expect(list.body).not.toContain(bob.email);
    expect(list.body).not.toContain('userEmail');
  });

  it.each([
    ['a rating of 0', { review: 'ok', rating: 0 }],
    ['a rating of 6', { review: 'ok', rating: 6 }],
    ['a fractional rating', { review: 'ok', rating: 4.5 }],
    ['a rating as text', { review: 'ok', rating: '5' }],
    ['no text', { review: '   ', rating: 5 }],
    ['text over 1000 characters', { review: 'x'.repeat(1001), rating: 5 }],
  ])('refuses %s and writes nothing', async (_label, payload) => {
    const user = await registerUser(shop);
    const before = await shop.database.db.select().from(reviews);
    const response = await shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(user), payload });
    expect(response.statusCode).toBe(400);
    expect(await shop.database.db.select().from(reviews)).toEqual(before);
  });

  it('refuses anonymous reviews', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/review', payload: { review: 'spam', rating: 5 } });
    expect(response.statusCode).toBe(401);
  });
});
