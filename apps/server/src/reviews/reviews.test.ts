import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewSchema } from '@voltline/shared/review';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { startTestShop, type TestShop } from '../test-support/test-app.ts';
import { reviews } from '../db/schema.ts';

describe.each(testDatabaseKinds)('reviews on $name', (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(kind, { seed: true });
  });
  afterAll(() => shop.close());

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
