import type { Review } from '@voltline/shared/review';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

/** Reviews per page: two rows of three cards. */
const REVIEWS_PAGE_SIZE = 6;

/** GET /api/review: a page of reviews, newest first. */
function getReviews(cursor: string | undefined): Promise<ApiPage<Review>> {
  return apiPage<Review>(listPath('/review', { limit: REVIEWS_PAGE_SIZE, cursor }));
}

// Adding a review elsewhere invalidates every review key, this one among them.
export const newestReviewsQueryOptions = pagedListOptions(reviewKeys.newest(), getReviews);

export function useNewestReviews() {
  return useInfiniteList(newestReviewsQueryOptions);
}
