import { lazy, Suspense, useState } from 'react';
import type { Review } from '@voltline/shared/review';
import { useStaffRoles } from '../../../lib/session/api/get-admin-status.ts';
import { useTakenOver } from '../../../lib/use-taken-over.ts';

// Only an admin ever opens it: its code (the dialog, the confirmation, the deletion) loads with the
// first Delete pressed, not with every visitor's home page (issue 30: its JS within 130 KB gz).
const DeleteReviewDialog = lazy(async () => ({ default: (await import('./delete-review-dialog.tsx')).DeleteReviewDialog }));

/**
 * An admin's or support staff's (decision 063) Delete on every review of the home page. The page is
 * drawn on the server for everyone, so the button appears only once the app has taken the page over
 * and the server has said whose roles remove reviews: the first browser render matches the server's HTML.
 */
export function ReviewModeration({ review }: { review: Review }) {
  const takenOver = useTakenOver();
  const { may } = useStaffRoles();
  const [deleting, setDeleting] = useState(false);
  if (!takenOver || !may('reviews')) return null;
  return (
    <>
      <button type="button" className="btn btn-outline btn-error btn-sm self-start" onClick={() => setDeleting(true)}>
        Delete
      </button>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteReviewDialog review={review} onClose={() => setDeleting(false)} />
        </Suspense>
      )}
    </>
  );
}
