import type { UseFormRegisterReturn } from 'react-hook-form';
import { REVIEW_CHOICES } from '@voltline/shared/forget-me';
import { FormMessage } from '../../../components/form-message.tsx';

/** What becomes of an erased customer's reviews: kept, signed "a former customer", or erased (decision 061). */
export function ReviewChoiceField({ idPrefix, field, error, whose }: { idPrefix: string; field: UseFormRegisterReturn; error: string | undefined; whose: 'my' | 'their' }) {
  const errorId = `${idPrefix}-reviews-error`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{whose === 'my' ? 'Your reviews' : 'Their reviews'}</legend>
      {(Object.keys(REVIEW_CHOICES) as (keyof typeof REVIEW_CHOICES)[]).map((choice) => (
        <label key={choice} className="flex items-center gap-2 text-sm">
          <input {...field} type="radio" value={choice} className="radio radio-sm" />
          {whose === 'my' ? REVIEW_CHOICES[choice] : REVIEW_CHOICES[choice].replace('my reviews', 'their reviews')}
        </label>
      ))}
      {error && <FormMessage id={errorId} message={error} />}
    </fieldset>
  );
}
