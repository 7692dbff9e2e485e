import type { Review } from '@voltline/shared/review';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

const OWN_REVIEWS_PAGE_SIZE = 10;

/** GET /api/review/mine: a page of the signed-in customer's own reviews, newest first. */
function getOwnReviews(cursor: string | undefined): Promise<ApiPage<Review>> {
  return apiPage<Review>(listPath('/review/mine', { limit: OWN_REVIEWS_PAGE_SIZE, cursor }));
}

// Every review write invalidates every review key, this one among them.
export const ownReviewsQueryOptions = pagedListOptions(reviewKeys.mine(), getOwnReviews);

export function useOwnReviews() {
  return useInfiniteList(ownReviewsQueryOptions);
}
