import type { Order, OrderEvent } from '@voltline/shared/order';
import { whatOrderHolds } from '../../../entities/order/order-name.ts';
import { formatShortDateTime } from '@voltline/shared/shop-constants';
import { orderEventText } from '../../../entities/order/order-state.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOrderHistory } from '../api/get-order-history.ts';

/** One line per event; events without a person were done by the shop itself (e.g. expiry). */
function describeEvent(event: OrderEvent): string {
  const when = formatShortDateTime(event.at);
  const who = event.actorEmail ?? 'the shop';
  return `${orderEventText(event.type)} — ${when} — ${who}${event.detail ? ` (${event.detail})` : ''}`;
}

export function OrderHistoryDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const history = useOrderHistory(order._id);
  return (
    <ModalDialog title="Order history" onClose={onClose} closeLabel="Close">
      <p className="break-words text-base-content/70">{`Order ${order.orderNumber}: ${whatOrderHolds(order)} for ${order.buyer}`}</p>
      <QueryState query={history} loadingLabel="Loading the order history" spinnerClassName="py-6">
        {(events) => (
          <ol className="list-decimal space-y-1 pl-6 break-words">
            {events.map((event, index) => (
              <li key={`${index}-${event.type}`}>{describeEvent(event)}</li>
            ))}
          </ol>
        )}
      </QueryState>
    </ModalDialog>
  );
}
