import { desc } from 'drizzle-orm';
import type { Review } from '@voltline/shared/review';
import type { Database } from '../db/client.ts';
import { reviews } from '../db/schema.ts';

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

export function createReviewsService(db: Database) {
  return {
    /** Every review, newest first. */
    async listReviews(): Promise<Review[]> {
      const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
      return rows.map(toReviewDto);
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
