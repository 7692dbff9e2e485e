import { describe, expect, it } from 'vitest';
import type { Review } from '@voltline/shared/review';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { seedReviews } from './seed-reviews.ts';

describe.each(testDatabaseKinds)('the first-start reviews on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true });

  it('each show their own date and time, spread over the past weeks, none the moment the shop started', async () => {
    const listed = (await shop.app.inject({ method: 'GET', url: '/api/review' })).json() as Review[];
    expect(listed).toHaveLength(seedReviews.length);
    const times = new Set(listed.map((review) => review.reviewTime));
    expect(times.size).toBe(listed.length);
    const dates = new Set(listed.map((review) => review.reviewDate));
    expect(dates.size).toBe(listed.length);
    const startedAt = new Date().toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect([...times].filter((time) => time === startedAt).length).toBeLessThanOrEqual(1);
  });
});
