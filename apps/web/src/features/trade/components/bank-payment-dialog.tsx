import { z } from 'zod';
import { amountFromText } from '@voltline/shared/amount-input';
import { currencySign, formatMoney } from '@voltline/shared/money';
import { bankPaymentSchema, onAccountMessages, type OrderOnAccount } from '@voltline/shared/on-account';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { WholeNumberField } from '../../../components/whole-number-field.tsx';
import { toast } from '../../../lib/toast/toast.ts';
import { useRecordBankPayment } from '../api/record-bank-payment.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/** The server's body, the amount capped at what the order still owes (the field starts there: most transfers are the whole). */
const paymentFormSchema = (outstanding: number) =>
  bankPaymentSchema.extend({ amount: bankPaymentSchema.shape.amount.pipe(z.number().max(outstanding, onAccountMessages.moreThanOwed(outstanding))) });
type Payment = z.output<ReturnType<typeof paymentFormSchema>>;

/** Records money received by bank transfer for an order on account; the transfer that completes it pays the order. */
export function BankPaymentDialog({ order, onClose }: { order: OrderOnAccount; onClose: () => void }) {
  const record = useRecordBankPayment();
  const { register, handleSubmit, errors } = useZodForm(paymentFormSchema(order.outstanding), { amount: order.outstanding, reference: '' });
  const save = (payment: Payment) =>
    record.mutate(
      { orderId: order._id, payment },
      {
        onSuccess: (paid) => {
          toast.success(paid.status === 'paid' ? `Order ${order.orderNumber} is paid` : `${formatMoney(payment.amount)} recorded for order ${order.orderNumber}`);
          onClose();
        },
      },
    );
  return (
    <FormDialog
      title={`Record bank payment: order ${order.orderNumber}`}
      description={`Invoice ${order.invoiceNumber ?? ''} of ${order.companyName ?? order.buyerEamil}: ${formatMoney(order.total)}, ${formatMoney(order.outstanding)} still open.`}
      onClose={onClose}
      submitLabel="Record payment"
      onSubmit={handleSubmit(save)}
      mutations={[record]}
    >
      <WholeNumberField id="bank-payment-amount" label={`Amount received (${currencySign()})`} error={errors.amount?.message} registration={register('amount', { setValueAs: amountFromText })} cents />
      <TextField id="bank-payment-reference" label="Bank reference (optional)" error={errors.reference?.message} registration={register('reference')} autoComplete="off" />
    </FormDialog>
  );
}
