import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useNewestReviews } from '../api/get-reviews.ts';
import { ReviewCard } from './review-card.tsx';
import { ReviewAverage } from './review-average.tsx';
import { ReviewModeration } from './review-moderation.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';

const REVIEWS_LIST_ID = 'reviews-list';

/** The newest reviews with the average rating and count of all; older ones load on demand. */
export function ReviewsSection() {
  const reviews = useNewestReviews();

  return (
    <section aria-labelledby="reviews-heading" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <SectionHeading
          id="reviews-heading"
          title="What our customers say"
          subtitle="Honest words from the electricians, builders and workshops who use our tools."
        />
        <ReviewAverage />
        <QueryState query={reviews.rows} loadingLabel="Loading reviews" emptyText="No reviews yet.">
          {(loadedReviews) => (
            <div className="flex flex-col gap-8">
              <ul id={REVIEWS_LIST_ID} className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
                {loadedReviews.map((review) => (
                  <li key={review._id}>
                    <ReviewCard review={review} actions={<ReviewModeration review={review} />} />
                  </li>
                ))}
              </ul>
              <LoadMoreButton more={reviews.more} controls={REVIEWS_LIST_ID} />
            </div>
          )}
        </QueryState>
      </div>
    </section>
  );
}
