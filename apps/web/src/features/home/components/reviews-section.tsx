import { useReviews } from '../api/get-reviews.ts';
import { ErrorAlert } from './error-alert.tsx';
import { LoadingSpinner } from './loading-spinner.tsx';
import { ReviewCard } from './review-card.tsx';
import { SectionHeading } from './section-heading.tsx';

export function ReviewsSection() {
  const reviews = useReviews();

  return (
    <section aria-labelledby="reviews-heading" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <SectionHeading
          id="reviews-heading"
          title="What our customers say"
          subtitle="Honest words from the electricians, builders and workshops who use our tools."
        />
        {reviews.isPending && <LoadingSpinner label="Loading reviews" />}
        {reviews.isError && <ErrorAlert message={reviews.error.message} />}
        {reviews.isSuccess && reviews.data.length === 0 && (
          <p className="text-center text-base-content/70">No reviews yet.</p>
        )}
        {reviews.isSuccess && reviews.data.length > 0 && (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {reviews.data.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
