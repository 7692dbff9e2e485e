import { reviewInputSchema, type Review, type ReviewInput } from '@voltline/shared/review';
import { refusalOf } from '../../../lib/api-client.ts';
import { mutateThenToast } from '../../../lib/mutate-then-toast.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useEditReview } from '../api/edit-review.ts';
import { ReviewFields } from './review-fields.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/** The author changes their review's text and stars, under the same rules as adding it. */
export function EditReviewForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const { register, control, handleSubmit, errors } = useZodForm(reviewInputSchema, { review: review.review, rating: review.rating });
  const editReview = useEditReview();

  const saveReview = (changed: ReviewInput) =>
    mutateThenToast(editReview, { reviewId: review._id, review: changed }, 'Review updated', onDone);

  return (
    <form onSubmit={handleSubmit(saveReview)} noValidate aria-label="Edit your review" className="flex flex-col gap-4">
      <ReviewFields idPrefix={`edit-${review._id}`} register={register} control={control} errors={errors} />
      <div className="flex gap-2">
        <PendingButton type="submit" className="btn btn-primary btn-sm" pending={editReview.isPending}>
          Save review
        </PendingButton>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
      <FormMessage message={refusalOf(editReview)} />
    </form>
  );
}
