import { desc, eq } from 'drizzle-orm';
import { reviewInputSchema, type Review } from '@voltline/shared/review';
import type { Database } from '../db/client.ts';
import { reviews, userProfiles } from '../db/schema.ts';
import type { JsonCache } from '../http/cached-json.ts';
import { parseOrRefuse } from '../http/parse-body.ts';
import type { Caller } from '../identity/caller.ts';

type ReviewRow = typeof reviews.$inferSelect;

function toReviewDto(row: ReviewRow): Review {
  return {
    _id: row.id,
    userName: row.userName,
    userEmail: row.userEmail,
    review: row.review,
    reviewDate: row.reviewDate,
    reviewTime: row.reviewTime,
    rating: row.rating,
    photo: row.photo,
  };
}

export function createReviewsService(db: Database, cache: JsonCache) {
  /** Every review, newest first. */
  async function listReviews(): Promise<Review[]> {
    const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
    return rows.map(toReviewDto);
  }

  return {
    listReviews,

    /** GET /review, serialised once until someone writes a review. */
    cachedReviewList: () => cache.get('reviews', listReviews),

    /** POST /review: the text and rating are the caller's; name, email, photo and date are the server's. */
    async addReview(caller: Caller, body: unknown, now = new Date()): Promise<{ acknowledged: true; insertedId: string }> {
      const input = parseOrRefuse(reviewInputSchema, body);
      const [profile] = await db.select({ photo: userProfiles.profilePicture }).from(userProfiles).where(eq(userProfiles.id, caller.profileId));
      const [row] = await db
        .insert(reviews)
        .values({
          userId: caller.userId,
          userName: caller.name,
          userEmail: caller.email,
          review: input.review,
          rating: input.rating,
          photo: profile?.photo ?? null,
          reviewDate: now.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
          reviewTime: now.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }),
          createdAt: now,
        })
        .returning({ id: reviews.id });
      cache.invalidate();
      return { acknowledged: true, insertedId: row!.id };
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
