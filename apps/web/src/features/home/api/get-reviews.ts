import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@voltline/shared/review';
import { apiRequest } from '../../../lib/api-client.ts';

export function getReviews(): Promise<Review[]> {
  return apiRequest<Review[]>('/review');
}

// Adding a review elsewhere invalidates ['reviews'] so the home page shows it on return.
export const reviewsQueryOptions = queryOptions({ queryKey: ['reviews'], queryFn: getReviews });

export function useReviews() {
  return useQuery(reviewsQueryOptions);
}
