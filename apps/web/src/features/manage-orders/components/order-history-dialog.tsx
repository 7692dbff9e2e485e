import type { Order, OrderEvent } from '@voltline/shared/order';
import { describeRequestError } from '../../../lib/api-client.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useOrderHistory } from '../api/get-order-history.ts';
import { OrderDialog } from './order-dialog.tsx';

/** One line per event; events without a person were done by the shop itself (e.g. expiry). */
function describeEvent(event: OrderEvent): string {
  const when = new Date(event.at).toLocaleString();
  const who = event.actorEmail ?? 'the shop';
  return `${event.type} — ${when} — ${who}${event.detail ? ` (${event.detail})` : ''}`;
}

export function OrderHistoryDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const history = useOrderHistory(order._id);
  return (
    <OrderDialog title="Order history" onClose={onClose} closeLabel="Close">
      <p className="break-words text-base-content/70">{`${order.product} for ${order.buyer}`}</p>
      {history.isPending ? (
        <LoadingSpinner label="Loading the order history" className="py-6" />
      ) : history.isError ? (
        <p role="alert" className="text-error">
          {describeRequestError(history.error)}
        </p>
      ) : (
        <ol className="list-decimal space-y-1 pl-6 break-words">
          {history.data.map((event, index) => (
            <li key={`${index}-${event.type}`}>{describeEvent(event)}</li>
          ))}
        </ol>
      )}
    </OrderDialog>
  );
}
