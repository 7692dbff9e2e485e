import type { Review } from '@voltline/shared/review';
import { toast } from '../../../lib/toast/toast.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeleteReview } from '../api/delete-review.ts';

/** Deleting a review is asked once more: it leaves the home page, its count and its average at once. */
export function DeleteReviewDialog({ review, onClose }: { review: Review; onClose: () => void }) {
  const deletion = useDeleteReview();
  return (
    <ConfirmDialog title="Delete this review?" change={deletion} variables={review._id} done={() => toast.warning('Review deleted')} onClose={onClose} confirmLabel="Yes, delete">
      <p className="line-clamp-3 break-words">{`${review.userName}, ${review.rating} of 5: “${review.review}”`}</p>
    </ConfirmDialog>
  );
}
