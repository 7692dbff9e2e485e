import { eraseCustomerFormSchema, type EraseCustomerForm } from '@voltline/shared/forget-me';
import type { Profile } from '@voltline/shared/profile';
import { mutateThenToast } from '../../../lib/mutate-then-toast.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useEraseCustomer } from '../api/forget-me.ts';
import { ReviewChoiceField } from './review-choice-field.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/**
 * Make Admin: the same erasure as a customer's "Delete my account", for their request received by
 * mail (decision 061). The request's reference is recorded with who and when, never their data.
 */
export function EraseCustomerDialog({ user, onClose }: { user: Profile; onClose: () => void }) {
  const { register, handleSubmit, errors } = useZodForm(eraseCustomerFormSchema, { request: '' });
  const erase = useEraseCustomer();

  const eraseForGood = ({ reviews, ...request }: EraseCustomerForm) =>
    mutateThenToast(erase, { user, request: { ...request, keepReviews: reviews === 'keep' } }, `The account of ${user.email} has been erased.`, onClose);

  return (
    <FormDialog
      title={`Erase the account of ${user.email}?`}
      description="For their request received by mail: their account, profile, cart, alerts and questions go for good; their orders keep only what tax law requires."
      onClose={onClose}
      submitLabel="Erase account"
      onSubmit={handleSubmit(eraseForGood)}
      mutations={[erase]}
    >
      <FormField id="erase-request" label="Request reference (its date, a ticket number; not their email)" error={errors.request?.message}>
        {(field) => <input {...field} {...register('request')} autoComplete="off" className="input w-full" />}
      </FormField>
      <ReviewChoiceField idPrefix="erase" field={register('reviews')} error={errors.reviews?.message} whose="their" />
    </FormDialog>
  );
}
