import { QueryState } from '../../../components/query-state.tsx';
import { useReviews } from '../api/get-reviews.ts';
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
        <QueryState query={reviews} loadingLabel="Loading reviews" emptyText="No reviews yet.">
          {(loadedReviews) => (
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
              {loadedReviews.map((review) => (
                <li key={review._id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}
