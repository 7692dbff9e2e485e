import { useNavigate } from 'react-router';
import { DELETE_WORD, deleteMyAccountFormSchema, forgetMeMessages, type DeleteMyAccountForm } from '@voltline/shared/forget-me';
import { refusalOf } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { CardForm } from '../../../components/card-form.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useDeleteMyAccount } from '../api/forget-me.ts';
import { ReviewChoiceField } from './review-choice-field.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/**
 * My Profile: "Forget me" (GDPR art. 17; issue 41, decision 061). The word DELETE and the password
 * again say the person means it; the server refuses in words while an order is open, naming it.
 */
export function DeleteAccountCard() {
  const { register, handleSubmit, errors } = useZodForm(deleteMyAccountFormSchema, { confirm: '', password: '' });
  const deleteAccount = useDeleteMyAccount();
  const { signOut } = useSession();
  const navigate = useNavigate();

  const deleteForGood = ({ reviews, ...request }: DeleteMyAccountForm) =>
    deleteAccount.mutate(
      { ...request, keepReviews: reviews === 'keep' },
      {
        onSuccess: async () => {
          // The account's sessions are gone already: this forgets the token and what the browser kept.
          await signOut();
          toast.success(forgetMeMessages.accountDeleted);
          await navigate('/home');
        },
      },
    );

  return (
    <CardForm title="Delete my account" onSubmit={handleSubmit(deleteForGood)} submitLabel="Delete my account" refusal={refusalOf(deleteAccount)} pending={deleteAccount.isPending}>
      <p className="text-sm">
        Your account, profile, cart, alerts and questions are erased for good. Your orders keep only what tax law requires on their invoices (name, address, VAT
        id) for as long as it requires. Download your data first if you want a copy.
      </p>
      <ReviewChoiceField idPrefix="delete-account" field={register('reviews')} error={errors.reviews?.message} whose="my" />
      <FormField id="delete-account-confirm" label={`Type ${DELETE_WORD} to confirm`} error={errors.confirm?.message}>
        {(field) => <input {...field} {...register('confirm')} autoComplete="off" className="input w-full max-w-xs" />}
      </FormField>
      <FormField id="delete-account-password" label="Your password" error={errors.password?.message}>
        {(field) => <input {...field} {...register('password')} type="password" autoComplete="current-password" className="input w-full max-w-xs" />}
      </FormField>
    </CardForm>
  );
}
