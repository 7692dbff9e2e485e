import { formatMoney } from '@voltline/shared/money';
import { toast } from '../../../lib/toast/toast.ts';
import type { Order } from '@voltline/shared/order';
import { describeRequestError } from '../../../lib/api-client.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useCancelUnpaidOrder } from '../api/cancel-unpaid-order.ts';

/** Spec 4: an admin cancels an unpaid order only after confirming once. */
export function CancelOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const cancelOrder = useCancelUnpaidOrder();
  const confirmCancel = () =>
    cancelOrder.mutate(order._id, {
      onSuccess: () => {
        toast.warning('Order canceled');
        onClose();
      },
    });

  return (
    <ModalDialog
      title="Cancel this order?"
      onClose={onClose}
      closeLabel="No"
      confirm={{
        label: 'Yes, cancel',
        onConfirm: confirmCancel,
        pending: cancelOrder.isPending,
        failure: cancelOrder.isError ? describeRequestError(cancelOrder.error) : null,
        tone: 'error',
      }}
    >
      <p className="break-words">{`${order.quantity} × ${order.product} for ${order.buyer} (${order.buyerEamil}), ${formatMoney(order.price)}.`}</p>
    </ModalDialog>
  );
}
