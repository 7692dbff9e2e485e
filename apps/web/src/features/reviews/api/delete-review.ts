import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deletedSchema } from '@voltline/shared/order';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

type Deleted = z.infer<typeof deletedSchema>;

/** DELETE /api/review/{id}: the author deletes their own; an admin's removal hides it and is recorded on the server. */
function deleteReview(reviewId: string): Promise<Deleted> {
  return apiRequest<Deleted>(`/review/${encodeURIComponent(reviewId)}`, { method: 'DELETE' });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    // Gone from the author's list, the home page's newest reviews, the count and the average. Not
    // awaited: the dialog lives in the review's card, which the refetched list drops, and a caller's
    // onSuccess (the toast, closing the dialog) never runs once its component is gone.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}
