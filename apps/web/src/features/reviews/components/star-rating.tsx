import { RATING_MAX } from '@voltline/shared/shop-constants';

const starPositions = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

/** Read-only daisyUI rating: daisyUI fills every star up to the one marked aria-current. */
export function StarRating({ rating }: { rating: number }) {
  return (
    <div className="rating rating-sm" role="img" aria-label={`Rated ${rating} out of ${RATING_MAX}`}>
      {starPositions.map((position) => (
        <div
          key={position}
          className="mask mask-star-2 bg-warning"
          aria-current={position === rating}
          data-filled={position <= rating}
        />
      ))}
    </div>
  );
}
