import type { z } from 'zod';
import { businessAccountRefusalSchema, type BusinessAccount } from '@voltline/shared/business-accounts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { mutateThenToast } from '../../../lib/mutate-then-toast.ts';
import type { useDecideBusinessAccount } from '../api/business-accounts.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

type ReasonForm = z.input<typeof businessAccountRefusalSchema>;

/** Both decisions that need words: a refusal (mailed to the customer) and a VAT id confirmed by hand (kept with each order). */
const DECISIONS = {
  refuse: { title: 'Refuse application', submitLabel: 'Refuse', description: 'The customer reads the reason in a mail and may apply again.', done: 'refused' },
  'confirm-vat-id': {
    title: 'Confirm VAT id by hand',
    submitLabel: 'Confirm VAT id',
    description: 'Reverse charge then applies without a recent VIES check. Say why (a registration certificate seen, VIES away for days): it is kept with you and the date.',
    done: 'VAT id confirmed',
  },
} as const;

/** Asks why, then refuses the application or confirms its VAT id. */
export function BusinessAccountReasonDialog({
  account,
  decision,
  decide,
  onClose,
}: {
  account: BusinessAccount;
  decision: keyof typeof DECISIONS;
  /** The page's, which outlives the row: a refused account leaves the waiting ones' list. */
  decide: ReturnType<typeof useDecideBusinessAccount>;
  onClose: () => void;
}) {
  const words = DECISIONS[decision];
  const { register, handleSubmit, errors } = useZodForm(businessAccountRefusalSchema, { reason: '' });
  const submit = ({ reason }: ReasonForm) =>
    mutateThenToast(decide, { accountId: account._id, decision, reason }, `${account.companyName}: ${words.done}`, onClose);
  return (
    <FormDialog title={`${words.title}: ${account.companyName}`} description={words.description} onClose={onClose} submitLabel={words.submitLabel} onSubmit={handleSubmit(submit)} mutations={[decide]}>
      <FormField id="business-decision-reason" label="Reason" error={errors.reason?.message}>
        {(control) => <textarea {...control} {...register('reason')} required rows={3} className="textarea w-full" />}
      </FormField>
    </FormDialog>
  );
}
