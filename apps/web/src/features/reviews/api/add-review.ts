import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { insertedSchema } from '@voltline/shared/order';
import type { ReviewInput } from '@voltline/shared/review';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

type Inserted = z.infer<typeof insertedSchema>;

/** POST /api/review: the server adds the author (from the token) and the date. */
function addReview(review: ReviewInput): Promise<Inserted> {
  return apiRequest<Inserted>('/review', { method: 'POST', body: JSON.stringify(review) });
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    // The home page's newest reviews and their count and average.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
