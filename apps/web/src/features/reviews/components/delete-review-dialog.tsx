import type { Review } from '@voltline/shared/review';
import { confirmStep } from '../../../lib/confirm-step.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useDeleteReview } from '../api/delete-review.ts';

/** Deleting a review is asked once more: it leaves the home page, its count and its average at once. */
export function DeleteReviewDialog({ review, onClose }: { review: Review; onClose: () => void }) {
  const deletion = confirmStep(useDeleteReview(), review._id, { done: () => toast.warning('Review deleted'), onClose });
  return (
    <ModalDialog title="Delete this review?" onClose={onClose} closeLabel="No" confirm={{ label: 'Yes, delete', ...deletion, tone: 'error' }}>
      <p className="line-clamp-3 break-words">{`${review.userName}, ${review.rating} of 5: “${review.review}”`}</p>
    </ModalDialog>
  );
}
