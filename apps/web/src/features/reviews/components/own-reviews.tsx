import { useState } from 'react';
import type { Review } from '@voltline/shared/review';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOwnReviews } from '../api/get-own-reviews.ts';
import { DeleteReviewDialog } from './delete-review-dialog.tsx';
import { EditReviewForm } from './edit-review-form.tsx';
import { ReviewCard } from './review-card.tsx';

const OWN_REVIEWS_LIST_ID = 'own-reviews-list';

/** One of the customer's reviews, with Edit (the card becomes its form) and Delete (asked once more). */
function OwnReview({ review }: { review: Review }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (editing) {
    return (
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <EditReviewForm review={review} onDone={() => setEditing(false)} />
        </div>
      </div>
    );
  }
  return (
    <>
      <ReviewCard
        review={review}
        actions={
          <div className="flex gap-2">
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)}>
              Edit
            </button>
            <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setDeleting(true)}>
              Delete
            </button>
          </div>
        }
      />
      {deleting && <DeleteReviewDialog review={review} onClose={() => setDeleting(false)} />}
    </>
  );
}

/** Under Add A Review: what the customer has written, to change or take back. */
export function OwnReviews() {
  const reviews = useOwnReviews();
  return (
    <section aria-labelledby="own-reviews-heading" className="flex flex-col gap-4">
      <h3 id="own-reviews-heading" className="text-xl font-bold">
        Your reviews
      </h3>
      <QueryState query={reviews.rows} loadingLabel="Loading your reviews" emptyText="You have not written a review yet.">
        {(ownReviews) => (
          <div className="flex flex-col gap-4">
            <ul id={OWN_REVIEWS_LIST_ID} className="flex flex-col gap-4">
              {ownReviews.map((review) => (
                <li key={review._id}>
                  <OwnReview review={review} />
                </li>
              ))}
            </ul>
            <LoadMoreButton more={reviews.more} controls={OWN_REVIEWS_LIST_ID} />
          </div>
        )}
      </QueryState>
    </section>
  );
}
