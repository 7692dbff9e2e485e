import { AddReviewForm } from '../../../features/reviews/components/add-review-form.tsx';
import { OwnReviews } from '../../../features/reviews/components/own-reviews.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/** Dashboard, Add A Review: the signed-in user rates the shop (the review appears on the home page) and edits or deletes what they wrote. */
export function AddReviewPage() {
  return (
    <DashboardPage title="Add A Review" width="xl">
      <AddReviewForm />
      <OwnReviews />
    </DashboardPage>
  );
}
