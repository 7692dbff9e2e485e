import { amountFromText } from '@voltline/shared/amount-input';
import type { BusinessAccount } from '@voltline/shared/business-accounts';
import { currencySign } from '@voltline/shared/money';
import { paymentTermsSchema, type PaymentTerms } from '@voltline/shared/on-account';
import { wholeNumberFromText } from '@voltline/shared/whole-number';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { WholeNumberField } from '../../../components/whole-number-field.tsx';
import { mutateThenToast } from '../../../lib/mutate-then-toast.ts';
import { useSetPaymentTerms } from '../api/payment-terms.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/** An approved account's payment terms (decision 060): net days, and a credit limit its open orders on account never pass. */
export function PaymentTermsDialog({ account, onClose }: { account: BusinessAccount; onClose: () => void }) {
  const setTerms = useSetPaymentTerms();
  const { register, handleSubmit, errors } = useZodForm(paymentTermsSchema, { netDays: account.paymentTerms.netDays, creditLimit: account.paymentTerms.creditLimit });
  const save = (terms: PaymentTerms) =>
    mutateThenToast(setTerms, { accountId: account._id, terms }, `${account.companyName}: payment terms saved`, onClose);
  return (
    <FormDialog
      title={`Payment terms: ${account.companyName}`}
      description="With a credit limit above 0 the company may pay on account: its orders are invoiced at once and due after the net days. 0 means card only."
      onClose={onClose}
      submitLabel="Save terms"
      onSubmit={handleSubmit(save)}
      mutations={[setTerms]}
    >
      <WholeNumberField id="payment-terms-days" label="Net days" error={errors.netDays?.message} registration={register('netDays', { setValueAs: wholeNumberFromText })} />
      <WholeNumberField id="payment-terms-limit" label={`Credit limit (${currencySign()})`} error={errors.creditLimit?.message} registration={register('creditLimit', { setValueAs: amountFromText })} cents />
    </FormDialog>
  );
}
