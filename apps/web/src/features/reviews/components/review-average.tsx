import { RATING_MAX } from '@voltline/shared/shop-constants';
import { useReviewSummary } from '../api/get-review-summary.ts';
import { StarRating } from './star-rating.tsx';

/**
 * Above the newest reviews: the average of all of them and how many there are. Its line keeps its
 * height while it loads, and a failure leaves it empty: the reviews below still show.
 */
export function ReviewAverage() {
  const summary = useReviewSummary();
  const { count, averageRating } = summary.data ?? { count: 0, averageRating: null };
  return (
    <div data-testid="review-summary" className="mb-8 flex min-h-6 flex-wrap items-center justify-center gap-3">
      {averageRating !== null && (
        <>
          {/* The text says it exactly; the stars are its picture, rounded to whole stars. */}
          <span aria-hidden="true" className="flex">
            <StarRating rating={Math.round(averageRating)} />
          </span>
          <p className="font-medium">{`${averageRating.toFixed(1)} out of ${RATING_MAX} from ${count} ${count === 1 ? 'review' : 'reviews'}`}</p>
        </>
      )}
    </div>
  );
}
