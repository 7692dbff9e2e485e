import type { Review } from '@voltline/shared/review';
import { pagedListOf, useInfiniteList } from '../../../lib/paged-lists.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

/** Reviews per page: two rows of three cards. */
const REVIEWS_PAGE_SIZE = 6;

/**
 * GET /api/review: a page of reviews, newest first. Adding a review elsewhere invalidates every
 * review key, this one among them.
 */
export const newestReviewsQueryOptions = pagedListOf<Review>(reviewKeys.newest(), '/review', REVIEWS_PAGE_SIZE);

export const useNewestReviews = () => useInfiniteList(newestReviewsQueryOptions);
