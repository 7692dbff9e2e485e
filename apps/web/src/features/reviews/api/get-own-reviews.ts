import type { Review } from '@voltline/shared/review';
import { pagedListOf, useInfiniteList } from '../../../lib/paged-lists.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

const OWN_REVIEWS_PAGE_SIZE = 10;

/**
 * GET /api/review/mine: a page of the signed-in customer's own reviews, newest first. Every review
 * write invalidates every review key, this one among them.
 */
export const ownReviewsQueryOptions = pagedListOf<Review>(reviewKeys.mine(), '/review/mine', OWN_REVIEWS_PAGE_SIZE);

export const useOwnReviews = () => useInfiniteList(ownReviewsQueryOptions);
