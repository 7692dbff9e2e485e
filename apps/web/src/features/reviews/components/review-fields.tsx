import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { ReviewInput } from '@voltline/shared/review';
import { TEXT_LIMITS } from '@voltline/shared/text-limits';
import { FormField } from '../../../components/form-field.tsx';
import { StarRatingInput } from './star-rating-input.tsx';

interface ReviewFieldsProps {
  /** Keeps the ids apart when an edit form and the add form share a page. */
  idPrefix: string;
  register: UseFormRegister<ReviewInput>;
  control: Control<ReviewInput>;
  errors: FieldErrors<ReviewInput>;
}

/** The text and the stars of a review, as adding and editing both ask for them. */
export function ReviewFields({ idPrefix, register, control, errors }: ReviewFieldsProps) {
  const written = useWatch({ control, name: 'review' }).length;
  const textId = `${idPrefix}-text`;
  return (
    <>
      {/* No maxLength: the browser would cut a pasted text at the limit without a word. The count
          shows the limit as it is reached, and the schema refuses a longer text in words. */}
      <FormField id={textId} label="Your review" error={errors.review?.message} describedBy={`${textId}-count`}>
        {(field) => <textarea {...field} {...register('review')} required rows={5} className="textarea w-full" />}
      </FormField>
      <p id={`${textId}-count`} className={`-mt-3 text-sm ${written > TEXT_LIMITS.review ? 'text-error' : 'text-base-content/70'}`}>
        {`${written} of ${TEXT_LIMITS.review} characters`}
      </p>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput name={`${idPrefix}-${field.name}`} value={field.value} onChange={field.onChange} error={errors.rating?.message} />
        )}
      />
    </>
  );
}
