import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewSummary } from '@voltline/shared/review';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

/** GET /api/review/summary: how many reviews there are and their average rating (null without any). */
function getReviewSummary(): Promise<ReviewSummary> {
  return apiRequest<ReviewSummary>('/review/summary');
}

export const reviewSummaryQueryOptions = queryOptions({ queryKey: reviewKeys.summary(), queryFn: getReviewSummary });

export function useReviewSummary() {
  return useQuery(reviewSummaryQueryOptions);
}
