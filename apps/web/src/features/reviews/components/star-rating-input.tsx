import { RATING_MAX } from '@voltline/shared/shop-constants';

const starValues = Array.from({ length: RATING_MAX }, (_, index) => index + 1);
const starName = (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`);

interface StarRatingInputProps {
  name: string;
  value: number;
  onChange: (stars: number) => void;
}

/** A daisyUI rating: one radio per star, each named for screen readers ("3 stars"). */
export function StarRatingInput({ name, value, onChange }: StarRatingInputProps) {
  return (
    <fieldset className="flex flex-col gap-1">
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
              className="mask mask-star-2 bg-warning"
            />
          ))}
        </div>
        <span aria-hidden="true" className="text-sm text-base-content/70">{`${value} / ${RATING_MAX}`}</span>
      </div>
    </fieldset>
  );
}
