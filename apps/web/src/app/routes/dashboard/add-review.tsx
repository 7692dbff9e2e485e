import { AddReviewForm } from '../../../features/reviews/components/add-review-form.tsx';
import { OwnReviews } from '../../../features/reviews/components/own-reviews.tsx';

/** Dashboard, Add A Review: the signed-in user rates the shop (the review appears on the home page) and edits or deletes what they wrote. */
export function AddReviewPage() {
  return (
    <section className="flex max-w-xl flex-col gap-4">
      <h2 className="text-2xl font-bold">Add A Review</h2>
      <AddReviewForm />
      <OwnReviews />
    </section>
  );
}
