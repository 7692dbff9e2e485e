import { useState } from 'react';
import type { Review } from '@voltline/shared/review';
import { useIsAdmin } from '../../../lib/session/api/get-admin-status.ts';
import { useTakenOver } from '../../../lib/use-taken-over.ts';
import { DeleteReviewDialog } from './delete-review-dialog.tsx';

/**
 * An admin's Delete on every review of the home page. The page is drawn on the server for everyone,
 * so the button appears only once the app has taken the page over and the server has said who is
 * an admin: the first browser render matches the server's HTML.
 */
export function ReviewModeration({ review }: { review: Review }) {
  const takenOver = useTakenOver();
  const { isAdmin } = useIsAdmin();
  const [deleting, setDeleting] = useState(false);
  if (!takenOver || !isAdmin) return null;
  return (
    <>
      <button type="button" className="btn btn-outline btn-error btn-sm self-start" onClick={() => setDeleting(true)}>
        Delete
      </button>
      {deleting && <DeleteReviewDialog review={review} onClose={() => setDeleting(false)} />}
    </>
  );
}
