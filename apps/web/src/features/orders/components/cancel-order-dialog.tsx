import { formatMoney } from '@voltline/shared/money';
import { whatOrderHolds } from '../../../entities/order/order-name.ts';
import { confirmStep } from '../../../lib/confirm-step.ts';
import { toast } from '../../../lib/toast/toast.ts';
import type { Order } from '@voltline/shared/order';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useCancelUnpaidOrder } from '../api/cancel-unpaid-order.ts';

/** product.md, "States": an admin cancels an unpaid order only after confirming once. */
export function CancelOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const cancel = confirmStep(useCancelUnpaidOrder(), order._id, { done: () => toast.warning('Order canceled'), onClose });

  return (
    <ModalDialog
      title="Cancel this order?"
      onClose={onClose}
      closeLabel="No"
      confirm={{ label: 'Yes, cancel', ...cancel, tone: 'error' }}
    >
      <p className="break-words">{`Order ${order.orderNumber}: ${whatOrderHolds(order)} for ${order.buyer} (${order.buyerEamil}), ${formatMoney(order.price)}.`}</p>
    </ModalDialog>
  );
}
