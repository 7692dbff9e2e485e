import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast/toast.ts';
import { reviewInputSchema, type ReviewInput } from '@voltline/shared/review';
import { RATING_DEFAULT } from '@voltline/shared/shop-constants';
import { TEXT_LIMITS } from '@voltline/shared/text-limits';
import { describeRequestError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { FormField } from '../../../components/form-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useAddReview } from '../api/add-review.ts';
import { StarRatingInput } from './star-rating-input.tsx';

const emptyReview: ReviewInput = { review: '', rating: RATING_DEFAULT };

/** The signed-in user rates the shop; the review appears on the home page. */
export function AddReviewForm() {
  const { user } = useSession();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewInput>({ resolver: zodResolver(reviewInputSchema), defaultValues: emptyReview });
  const addReview = useAddReview();
  const written = useWatch({ control, name: 'review' }).length;

  const submitReview = (review: ReviewInput) =>
    addReview.mutate(review, {
      onSuccess: () => {
        toast.success('Review added successfully');
        reset(emptyReview);
      },
    });

  return (
    <form onSubmit={handleSubmit(submitReview)} noValidate aria-label="Add a review" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        {/* Shown so the author knows who the review is from; the server takes both from the session. */}
        <FormField id="review-name" label="Name" error={undefined}>
          {(field) => <input {...field} value={user?.name ?? ''} disabled className="input w-full" />}
        </FormField>
        <FormField id="review-email" label="Email" error={undefined}>
          {(field) => <input {...field} type="email" value={user?.email ?? ''} disabled className="input w-full" />}
        </FormField>
        {/* No maxLength: the browser would cut a pasted text at the limit without a word. The count
            shows the limit as it is reached, and the schema refuses a longer text in words. */}
        <FormField id="review-text" label="Your review" error={errors.review?.message} describedBy="review-text-count">
          {(field) => <textarea {...field} {...register('review')} required rows={5} className="textarea w-full" />}
        </FormField>
        <p id="review-text-count" className={`-mt-3 text-sm ${written > TEXT_LIMITS.review ? 'text-error' : 'text-base-content/70'}`}>
          {`${written} of ${TEXT_LIMITS.review} characters`}
        </p>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => <StarRatingInput name={field.name} value={field.value} onChange={field.onChange} />}
        />
        <PendingButton type="submit" className="btn btn-primary" pending={addReview.isPending}>
          Add review
        </PendingButton>
        <FormMessage message={addReview.isError ? describeRequestError(addReview.error) : null} />
      </div>
    </form>
  );
}
