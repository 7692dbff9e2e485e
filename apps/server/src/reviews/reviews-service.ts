import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@voltline/shared/paging';
import { entityIdSchema } from '@voltline/shared/id';
import type { Review, ReviewInput, ReviewSummary } from '@voltline/shared/review';
import { clipText, TEXT_LIMITS } from '@voltline/shared/text-limits';
import { formatShortDate } from '@voltline/shared/shop-constants';
import type { Database } from '../db/client.ts';
import { reviews, userProfiles } from '../db/schema.ts';
import type { JsonCache } from '../platform/cached-json.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { may, type Caller } from '../identity/caller.ts';
import { mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';
import { unrationed, type Ration } from '../platform/turns.ts';

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

/** Reviews anyone may see: an admin's removal hides one from the list, the count and the average. */
const shown = isNull(reviews.removedAt);

const reviewNotFound = () => notFound('Review not found');

export function createReviewsService(db: Database, cache: JsonCache, paging: Paging) {
  /** A page of shown reviews, newest first: all of them, or only those `where` picks. */
  async function pageOfReviews(list: string, query: PageQuery, where?: SQL): Promise<Page<Review>> {
    const page = paging.page({ list, order: newestReviewsFirst, query: { ...query, q: undefined } });
    const select = db.select({ review: reviews, cursorKey: page.cursorKey }).from(reviews).$dynamic();
    return mapPage(await page.read(select, and(shown, where), (row) => row.review.id), (row) => toReviewDto(row.review));
  }

  /** A shown review, for its author or an admin to change; a malformed id is as unknown as a missing one. */
  async function findShownReview(reviewId: string): Promise<ReviewRow> {
    const id = entityIdSchema.safeParse(reviewId);
    if (!id.success) throw reviewNotFound();
    const [row] = await db.select().from(reviews).where(and(eq(reviews.id, id.data), shown));
    if (!row) throw reviewNotFound();
    return row;
  }

  const isAuthor = (caller: Caller, review: ReviewRow) => review.userId !== null && review.userId === caller.userId;

  /** A page of reviews, newest first. */
  const listReviews = (query: PageQuery) => pageOfReviews('reviews', query);

  return {
    listReviews,

    /** GET /review, each page serialised once until someone writes a review. */
    cachedReviewList: (query: PageQuery, ration: Ration = unrationed) =>
      cache.getPage(`reviews:${query.limit ?? ''}:${query.cursor ?? ''}`, () => ration(() => listReviews(query))),

    /** GET /review/summary: how many reviews and their average rating, for the home page's heading. */
    cachedReviewSummary: () =>
      cache.get('reviews:summary', async (): Promise<ReviewSummary> => {
        const [row] = await db
          .select({ count: sql<number>`count(*)::int`, average: sql<string | null>`avg(${reviews.rating})::text` })
          .from(reviews)
          .where(shown);
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

    /** GET /review/mine: the caller's own shown reviews, newest first, to edit or delete. */
    listOwnReviews: (caller: Caller, query: PageQuery) => pageOfReviews(`my-reviews:${caller.userId}`, query, eq(reviews.userId, caller.userId)),

    /** PATCH /review/{id}: the author changes the text and the rating; the date stays the one it was written on. */
    async editOwnReview(caller: Caller, reviewId: string, input: ReviewInput, now = new Date()): Promise<{ acknowledged: true; modifiedCount: number }> {
      const review = await findShownReview(reviewId);
      if (!isAuthor(caller, review)) throw new AppError('forbidden', 'Only its author can edit this review.');
      const edited = await db
        .update(reviews)
        .set({ review: input.review, rating: input.rating, editedAt: now })
        .where(and(eq(reviews.id, review.id), shown))
        .returning({ id: reviews.id });
      // Removed by an admin between the read and the write: the author is told as if it were gone already.
      if (edited.length === 0) throw reviewNotFound();
      cache.invalidate();
      return { acknowledged: true, modifiedCount: 1 };
    },

    /**
     * DELETE /review/{id}. Its author deletes it for good: the words are theirs. An admin's removal of
     * someone else's review hides it and keeps it, with who removed it and when (moderation).
     */
    async removeReview(caller: Caller, reviewId: string, now = new Date()): Promise<{ acknowledged: true; deletedCount: number }> {
      const review = await findShownReview(reviewId);
      const byAuthor = isAuthor(caller, review);
      if (!byAuthor && !may(caller, 'reviews')) throw new AppError('forbidden', 'Only its author, an admin or support staff can delete this review.');
      const removed = byAuthor
        ? await db.delete(reviews).where(and(eq(reviews.id, review.id), shown)).returning({ id: reviews.id })
        : await db
            .update(reviews)
            .set({ removedAt: now, removedByUserId: caller.userId, removedByEmail: caller.email })
            .where(and(eq(reviews.id, review.id), shown))
            .returning({ id: reviews.id });
      if (removed.length === 0) throw reviewNotFound();
      cache.invalidate();
      return { acknowledged: true, deletedCount: 1 };
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
