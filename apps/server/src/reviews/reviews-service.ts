import { eq, sql } from 'drizzle-orm';
import type { PageQuery } from '@voltline/shared/paging';
import type { Review, ReviewInput, ReviewSummary } from '@voltline/shared/review';
import { clipText, TEXT_LIMITS } from '@voltline/shared/text-limits';
import { formatShortDate } from '@voltline/shared/shop-constants';
import type { Database } from '../db/client.ts';
import { reviews, userProfiles } from '../db/schema.ts';
import type { JsonCache } from '../platform/cached-json.ts';
import type { Caller } from '../identity/caller.ts';
import { mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';

type ReviewRow = typeof reviews.$inferSelect;

function toReviewDto(row: ReviewRow): Review {
  return {
    _id: row.id,
    userName: row.userName,
    review: row.review,
    reviewDate: row.reviewDate,
    reviewTime: row.reviewTime,
    rating: row.rating,
    photo: row.photo,
  };
}

const newestReviewsFirst: KeysetOrder = { key: reviews.createdAt, keyType: 'timestamptz', id: reviews.id, idType: 'uuid', direction: 'desc' };

export function createReviewsService(db: Database, cache: JsonCache, paging: Paging) {
  /** A page of reviews, newest first. */
  async function listReviews(query: PageQuery): Promise<Page<Review>> {
    const page = paging.page({ list: 'reviews', order: newestReviewsFirst, query: { ...query, q: undefined } });
    const rows = await db
      .select({ review: reviews, cursorKey: page.cursorKey })
      .from(reviews)
      .where(page.where)
      .orderBy(...page.orderBy)
      .limit(page.fetchLimit);
    return mapPage(
      page.finish(rows, (row) => row.review.id),
      (row) => toReviewDto(row.review),
    );
  }

  return {
    listReviews,

    /** GET /review, each page serialised once until someone writes a review. */
    cachedReviewList: (query: PageQuery) => cache.getPage(`reviews:${query.limit ?? ''}:${query.cursor ?? ''}`, () => listReviews(query)),

    /** GET /review/summary: how many reviews and their average rating, for the home page's heading. */
    cachedReviewSummary: () =>
      cache.get('reviews:summary', async (): Promise<ReviewSummary> => {
        const [row] = await db.select({ count: sql<number>`count(*)::int`, average: sql<string | null>`avg(${reviews.rating})::text` }).from(reviews);
        return { count: row?.count ?? 0, averageRating: row?.average ? Math.round(Number(row.average) * 10) / 10 : null };
      }),

    /** POST /review: the text and rating are the caller's; name, email, photo and date are the server's. */
    async addReview(caller: Caller, input: ReviewInput, now = new Date()): Promise<{ acknowledged: true; insertedId: string }> {
      const [profile] = await db.select({ photo: userProfiles.profilePicture }).from(userProfiles).where(eq(userProfiles.id, caller.profileId));
      const [row] = await db
        .insert(reviews)
        .values({
          userId: caller.userId,
          // An account name stored before names were bounded must not bloat the public list.
          userName: clipText(caller.name, TEXT_LIMITS.personName),
          userEmail: caller.email,
          review: input.review,
          rating: input.rating,
          photo: profile?.photo ?? null,
          ...reviewDateAndTime(now),
          createdAt: now,
        })
        .returning({ id: reviews.id });
      cache.invalidate();
      return { acknowledged: true, insertedId: row!.id };
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;

/** The date and time a review shows, as the spec's list has them ("Mar 4, 2026" and "9:14 AM"). */
export function reviewDateAndTime(writtenAt: Date): { reviewDate: string; reviewTime: string } {
  return {
    reviewDate: formatShortDate(writtenAt),
    reviewTime: writtenAt.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }),
  };
}
