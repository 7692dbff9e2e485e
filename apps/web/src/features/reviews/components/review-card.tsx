import { useState, type ReactNode } from 'react';
import type { Review } from '@voltline/shared/review';
import { StarRating } from './star-rating.tsx';

const DEFAULT_AVATAR = '/images/avatar-default.svg';
/** Past this many characters a review starts folded, so one long review cannot stretch its card and the row. */
const FOLDED_REVIEW_CHARACTERS = 280;

/** `actions`: what the viewer may do with it (the author's Edit and Delete, an admin's Delete). */
export function ReviewCard({ review, actions }: { review: Review; actions?: ReactNode }) {
  // A photo URL may point at an image that no longer exists; the generic avatar stands in for it.
  const [photoFailed, setPhotoFailed] = useState(false);
  const photo = photoFailed ? undefined : review.photo?.trim() || undefined;
  const foldable = review.review.length > FOLDED_REVIEW_CHARACTERS;
  const [unfolded, setUnfolded] = useState(false);
  const textId = `review-${review._id}-text`;

  return (
    <article data-testid="review-card" className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex items-center gap-4">
          <img
            src={photo ?? DEFAULT_AVATAR}
            // The generic avatar says nothing the name beside it does not.
            alt={photo ? `Photo of ${review.userName}` : ''}
            width={56}
            height={56}
            loading="lazy"
            onError={() => setPhotoFailed(true)}
            className="h-14 w-14 shrink-0 rounded-full bg-base-200 object-cover"
          />
          <div className="min-w-0">
            <h3 className="truncate font-semibold">{review.userName}</h3>
            <p className="text-sm text-base-content/70">{`${review.reviewDate} at ${review.reviewTime}`}</p>
          </div>
        </div>
        <StarRating rating={review.rating} />
        <p
          id={textId}
          className={`whitespace-pre-line break-words text-base-content/80 ${foldable && !unfolded ? 'line-clamp-5' : ''}`}
        >
          {review.review}
        </p>
        {foldable && (
          <button
            type="button"
            className="link self-start text-sm font-medium"
            aria-expanded={unfolded}
            aria-controls={textId}
            onClick={() => setUnfolded(!unfolded)}
          >
            {unfolded ? 'Read less' : 'Read more'}
          </button>
        )}
        {actions}
      </div>
    </article>
  );
}
