import { formatMoney } from '@voltline/shared/money';
import { whatOrderHolds } from '../../../entities/order/order-name.ts';
import { toast } from '../../../lib/toast/toast.ts';
import type { Order } from '@voltline/shared/order';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCancelUnpaidOrder } from '../api/cancel-unpaid-order.ts';

/** product.md, "States": an admin cancels an unpaid order only after confirming once. */
export function CancelOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const cancel = useCancelUnpaidOrder();
  return (
    <ConfirmDialog title="Cancel this order?" change={cancel} variables={order._id} done={() => toast.warning('Order canceled')} onClose={onClose} confirmLabel="Yes, cancel">
      <p className="break-words">{`Order ${order.orderNumber}: ${whatOrderHolds(order)} for ${order.buyer} (${order.buyerEamil}), ${formatMoney(order.price)}.`}</p>
    </ConfirmDialog>
  );
}
