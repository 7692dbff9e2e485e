import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { acknowledgedSchema } from '@voltline/shared/profile';
import type { ReviewInput } from '@voltline/shared/review';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

type Acknowledged = z.infer<typeof acknowledgedSchema>;

/** PATCH /api/review/{id}: the author changes the text and the rating. */
function editReview({ reviewId, review }: { reviewId: string; review: ReviewInput }): Promise<Acknowledged> {
  return apiRequest<Acknowledged>(`/review/${encodeURIComponent(reviewId)}`, { method: 'PATCH', body: JSON.stringify(review) });
}

export function useEditReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editReview,
    // The author's list, the home page's newest reviews and their average.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
