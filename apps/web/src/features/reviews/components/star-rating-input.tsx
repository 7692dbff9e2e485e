import { RATING_MAX } from '@voltline/shared/shop-constants';
import { FormMessage } from '../../../components/form-message.tsx';

const starValues = Array.from({ length: RATING_MAX }, (_, index) => index + 1);
const starName = (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`);

interface StarRatingInputProps {
  name: string;
  /** Undefined until the customer picks: a review has no rating nobody chose (spec-deviations.md). */
  value: number | undefined;
  onChange: (stars: number) => void;
  error: string | undefined;
}

/** A daisyUI rating: one radio per star, each named for screen readers ("3 stars"). */
export function StarRatingInput({ name, value, onChange, error }: StarRatingInputProps) {
  const errorId = `${name}-rating-error`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Rating</legend>
      <div className="flex items-center gap-3">
        <div className="rating rating-lg">
          {starValues.map((stars) => (
            <input
              key={stars}
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-label={starName(stars)}
              // daisyUI fills the stars up to the checked one; with none checked all are drawn empty.
              className={`mask mask-star-2 ${value !== undefined && stars <= value ? 'bg-warning' : 'bg-base-300'}`}
            />
          ))}
        </div>
        <span aria-hidden="true" className="text-sm text-base-content/70">
          {value === undefined ? 'Not rated yet' : `${value} / ${RATING_MAX}`}
        </span>
      </div>
      {error && <FormMessage id={errorId} message={error} />}
    </fieldset>
  );
}
