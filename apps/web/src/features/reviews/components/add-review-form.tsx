import { type DefaultValues } from 'react-hook-form';
import { mutateThenToast } from '../../../lib/mutate-then-toast.ts';
import { reviewInputSchema, type ReviewInput } from '@voltline/shared/review';
import { refusalOf } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { FormField } from '../../../components/form-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useAddReview } from '../api/add-review.ts';
import { ReviewFields } from './review-fields.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

// No star is chosen at first (spec-deviations.md): the spec's one-star start published glowing
// texts at one star when the customer never touched the stars.
const emptyReview: DefaultValues<ReviewInput> = { review: '', rating: undefined };

/** The signed-in user rates the shop; the review appears on the home page. */
export function AddReviewForm() {
  const { user } = useSession();
  const { register, control, handleSubmit, reset, errors } = useZodForm(reviewInputSchema, emptyReview);
  const addReview = useAddReview();

  const submitReview = (review: ReviewInput) =>
    mutateThenToast(addReview, review, 'Review added successfully', () => reset(emptyReview));

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
        <ReviewFields idPrefix="review" register={register} control={control} errors={errors} />
        <PendingButton type="submit" className="btn btn-primary" pending={addReview.isPending}>
          Add review
        </PendingButton>
        <FormMessage message={refusalOf(addReview)} />
      </div>
    </form>
  );
}
