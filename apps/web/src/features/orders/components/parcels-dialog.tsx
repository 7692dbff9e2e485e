import type { Order } from '@voltline/shared/order';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { ShipmentList } from './shipment-list.tsx';

/**
 * An order's parcels for the warehouse and the withdrawal period: each one's packing slip, and
 * Mark delivered. The Ship dialog lists them too, but it is gone once every unit has left, which is
 * when the last parcel's slip and delivery are still wanted.
 */
export function ParcelsDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  return (
    <ModalDialog title={`Parcels of order ${order.orderNumber}`} onClose={onClose} closeLabel="Close">
      <p className="wrap-break-word">{`${order.buyer} (${order.buyerEamil}), ${order.address}`}</p>
      <ShipmentList orderId={order._id} admin />
    </ModalDialog>
  );
}
