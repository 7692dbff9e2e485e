import { whatOrderHolds } from '../../../entities/order/order-name.ts';
import { useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { refundMessages, refundOrderSchema, type Order } from '@voltline/shared/order';
import { amountFromText } from '@voltline/shared/amount-input';
import { currencySign, formatMoney } from '@voltline/shared/money';
import { toast } from '../../../lib/toast/toast.ts';
import { refusalOf } from '../../../lib/api-client.ts';
import { FormField } from '../../../components/form-field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { WholeNumberField } from '../../../components/whole-number-field.tsx';
import { useRefundOrder } from '../api/refund-order.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/** The server's refund body, with the amount required here (the field starts at the rest) and capped at the rest. */
function refundFormSchema(left: number) {
  return refundOrderSchema.extend({
    amount: refundOrderSchema.shape.amount.unwrap().pipe(z.number().max(left, refundMessages.pastTotal(left))),
  });
}
type Refund = z.output<ReturnType<typeof refundFormSchema>>;

/**
 * Refunds a paid order in full or in part: the amount (dollars and cents, the rest by default) and why,
 * then a second step that says what is about to happen, since money sent back cannot be taken back.
 */
export function RefundOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const idPrefix = useId();
  const left = order.refundableAmount;
  const schema = useMemo(() => refundFormSchema(left), [left]);
  const { register, handleSubmit, errors } = useZodForm(schema, { amount: left, reason: '' });
  const [checked, setChecked] = useState<Refund | null>(null);
  const refundOrder = useRefundOrder();

  const confirmRefund = (refund: Refund) =>
    refundOrder.mutate(
      { orderId: order._id, refund },
      {
        onSuccess: ({ refundedAmount }) => {
          toast.success(`Refunded ${formatMoney(refund.amount)} (${formatMoney(refundedAmount)} of ${formatMoney(order.price)} in all)`);
          onClose();
        },
      },
    );
  const failure = refusalOf(refundOrder);

  if (checked) {
    const whole = checked.amount === left && order.refundedAmount === 0;
    return (
      <ModalDialog
        title="Refund this order?"
        onClose={onClose}
        closeLabel="No"
        confirm={{
          label: `Yes, refund ${formatMoney(checked.amount)}`,
          onConfirm: () => confirmRefund(checked),
          pending: refundOrder.isPending,
          failure,
          tone: 'error',
        }}
      >
        <p className="break-words">
          {`${formatMoney(checked.amount)} goes back to ${order.buyer} (${order.buyerEamil}) for order ${order.orderNumber}, ${whatOrderHolds(order)}` +
            (whole ? ', the whole order.' : `, of ${formatMoney(left)} left to refund.`)}
        </p>
        <p className="break-words text-sm text-base-content/70">{`Reason: ${checked.reason}`}</p>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog
      title="Refund order"
      description={`Order ${order.orderNumber}, ${whatOrderHolds(order)}, for ${order.buyer}: paid ${formatMoney(order.price)}, ${formatMoney(left)} left to refund.`}
      onClose={onClose}
      confirm={{
        label: 'Continue',
        onConfirm: () => void handleSubmit(setChecked)(),
        pending: false,
        failure: null,
        tone: 'primary',
      }}
    >
      <WholeNumberField
        id={`${idPrefix}-amount`}
        label={`Amount (${currencySign()})`}
        error={errors.amount?.message}
        registration={register('amount', { setValueAs: amountFromText })}
        cents
      />
      <FormField id={`${idPrefix}-reason`} label="Reason" error={errors.reason?.message}>
        {(control) => <textarea {...control} {...register('reason')} required rows={2} className="textarea w-full" />}
      </FormField>
    </ModalDialog>
  );
}
