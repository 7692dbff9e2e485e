import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATING_REQUIRED, reviewSchema, type Review } from '@voltline/shared/review';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { reviews } from '../db/schema.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

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

describe.each(testDatabaseKinds)('editing and removing reviews on $name', (kind) => {
  const shop = useTestShop(kind, { users: true });

  const write = (user: TestUser, payload: object) => shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(user), payload });
  async function writeReview(user: TestUser, payload = { review: 'Solid pliers', rating: 5 }): Promise<string> {
    const response = await write(user, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().insertedId;
  }
  const edit = (user: TestUser | null, id: string, payload: object) =>
    shop.app.inject({ method: 'PATCH', url: `/api/review/${id}`, headers: user ? bearer(user) : {}, payload });
  const remove = (user: TestUser | null, id: string) => shop.app.inject({ method: 'DELETE', url: `/api/review/${id}`, headers: user ? bearer(user) : {} });
  /** The public list and summary, read as a visitor would: through the cache the writes must invalidate. */
  async function publicView() {
    const list = (await shop.app.inject({ method: 'GET', url: '/api/review?limit=100' })).json() as Review[];
    const summary = (await shop.app.inject({ method: 'GET', url: '/api/review/summary' })).json();
    return { list, summary };
  }
  /** Deletes review `id` as `user`: answered as deleted, it is gone from the public list, count and average at once. */
  async function removeAndSeeItGone(user: TestUser, id: string, before: Awaited<ReturnType<typeof publicView>>) {
    const response = await remove(user, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });

    const after = await publicView();
    expect(after.list.some((review) => review._id === id)).toBe(false);
    expect(after.summary.count).toBe(before.summary.count - 1);
    expect(after.summary.averageRating).toBeGreaterThan(before.summary.averageRating);
  }
  const storedReview = async (id: string) => (await shop.database.db.select().from(reviews).where(eq(reviews.id, id)))[0];
  /** A new author's review (its id and its stored row) and another customer, who did not write it. */
  async function reviewAndAnotherCustomer() {
    const author = await registerUser(shop);
    const other = await registerUser(shop);
    const id = await writeReview(author);
    return { other, id, before: await storedReview(id) };
  }

  it.each([
    ['without a rating', { review: 'Glowing words' }],
    ['with a null rating', { review: 'Glowing words', rating: null }],
  ])('refuses a review %s, in words, and writes nothing', async (_label, payload) => {
    const before = await shop.database.db.select().from(reviews);
    const response = await write(shop.customer, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: RATING_REQUIRED });
    expect(await shop.database.db.select().from(reviews)).toEqual(before);
  });

  it("lets the author change the text and the rating, and the public list, count and average follow at once", async () => {
    const author = await registerUser(shop);
    const id = await writeReview(author, { review: 'Glowing words, sent at one star', rating: 1 });
    const before = await publicView();
    expect(before.list.find((review) => review._id === id)?.rating).toBe(1);

    const response = await edit(author, id, { review: 'Glowing words, now at five stars', rating: 5 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, modifiedCount: 1 });

    const after = await publicView();
    expect(after.list.find((review) => review._id === id)).toMatchObject({ review: 'Glowing words, now at five stars', rating: 5, userName: author.name });
    expect(after.summary.count).toBe(before.summary.count);
    expect(after.summary.averageRating).toBeGreaterThan(before.summary.averageRating);
    expect((await storedReview(id))!.editedAt).not.toBeNull();
  });

  it.each([
    ['no rating', { review: 'Changed' }, RATING_REQUIRED],
    ['a rating of 6', { review: 'Changed', rating: 6 }, 'Rating must be between 1 and 5'],
    ['no text', { review: '  ', rating: 4 }, 'Review is required'],
  ])('refuses an edit with %s, in words, and changes nothing', async (_label, payload, message) => {
    const author = await registerUser(shop);
    const id = await writeReview(author);
    const before = await storedReview(id);
    const response = await edit(author, id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message });
    expect(await storedReview(id)).toEqual(before);
  });

  it('refuses edits by anyone but the author, in words, and changes nothing', async () => {
    const { other, id, before } = await reviewAndAnotherCustomer();
    const change = { review: 'Not mine to change', rating: 1 };
    for (const [caller, status, error] of [
      [other, 403, 'forbidden'],
      // Moderation removes; it never puts words in a customer's mouth.
      [shop.admin, 403, 'forbidden'],
      [null, 401, 'unauthorized'],
    ] as const) {
      const response = await edit(caller, id, change);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ error, message: expect.stringMatching(/^[A-Z].+\.$/) });
    }
    expect(await storedReview(id)).toEqual(before);
  });

  it('lets the author delete their own review for good, gone from the list, count and average at once', async () => {
    const author = await registerUser(shop);
    // A five-star review beside it, so the average visibly moves whatever else the list holds.
    await writeReview(shop.customer, { review: 'Great shop', rating: 5 });
    const id = await writeReview(author, { review: 'Sent by mistake', rating: 1 });
    const before = await publicView();
    expect(before.list.some((review) => review._id === id)).toBe(true);

    await removeAndSeeItGone(author, id, before);
    expect(await storedReview(id)).toBeUndefined();
  });

  it("lets an admin remove anyone's review: hidden from the list, count and average at once, kept with who removed it and when", async () => {
    const author = await registerUser(shop);
    await writeReview(shop.customer, { review: 'Great shop', rating: 5 });
    const id = await writeReview(author, { review: 'Rude words', rating: 1 });
    const before = await publicView();

    await removeAndSeeItGone(shop.admin, id, before);
    const kept = await storedReview(id);
    expect(kept).toMatchObject({ review: 'Rude words', removedByUserId: expect.any(String), removedByEmail: shop.admin.email });
    expect(kept!.removedAt).toBeInstanceOf(Date);

    // Removed is gone for everyone: its author can no longer change or delete it, nor the admin remove it twice.
    expect((await edit(author, id, { review: 'Back again', rating: 5 })).statusCode).toBe(404);
    expect((await remove(author, id)).statusCode).toBe(404);
    expect((await remove(shop.admin, id)).json()).toEqual({ error: 'not_found', message: 'Review not found' });
    expect(await storedReview(id)).toEqual(kept);
  });

  it('refuses deletion by another customer or a stranger, in words, and keeps the review', async () => {
    const { other, id, before } = await reviewAndAnotherCustomer();
    const byOther = await remove(other, id);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({ error: 'forbidden', message: 'Only its author, an admin or support staff can delete this review.' });
    const byStranger = await remove(null, id);
    expect(byStranger.statusCode).toBe(401);
    expect(byStranger.json().error).toBe('unauthorized');
    expect(await storedReview(id)).toEqual(before);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-review'],
  ])('answers %s with 404 in words, to edits and deletions alike', async (_label, id) => {
    for (const response of [await edit(shop.customer, id, { review: 'x', rating: 3 }), await remove(shop.admin, id), await remove(shop.customer, id)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: 'Review not found' });
    }
  });

  it("lists the caller's own shown reviews only, newest first", async () => {
    const author = await registerUser(shop);
    const other = await registerUser(shop);
    const first = await writeReview(author, { review: 'First', rating: 4 });
    const second = await writeReview(author, { review: 'Second', rating: 5 });
    const removed = await writeReview(author, { review: 'Removed', rating: 1 });
    await writeReview(other, { review: 'Not theirs', rating: 3 });
    await remove(shop.admin, removed);

    const mine = await shop.app.inject({ method: 'GET', url: '/api/review/mine', headers: bearer(author) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((review: Review) => review._id)).toEqual([second, first]);
    expect((await shop.app.inject({ method: 'GET', url: '/api/review/mine' })).statusCode).toBe(401);
  });
});
