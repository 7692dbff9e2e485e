import { formatShortDateTime } from '@voltline/shared/shop-constants';
import type { WebhookDelivery, WebhookEndpoint } from '@voltline/shared/webhook';
import { BreakableAddress } from '../../../components/breakable-address.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';

const COLUMNS = ['Event', 'Created', 'Attempts', 'Last status', 'State'];

const when = (iso: string) => formatShortDateTime(iso);

/** Where a delivery stands: sent, given up on (after a day of retries), waiting for its next try, or not tried yet. */
function describeState(delivery: WebhookDelivery): string {
  const reason = delivery.lastError ? `: ${delivery.lastError}` : '';
  if (delivery.deliveredAt) return `delivered ${when(delivery.deliveredAt)}`;
  if (delivery.failedAt) return `failed ${when(delivery.failedAt)}${reason}`;
  if (delivery.attempts > 0) return `retrying at ${when(delivery.nextAttemptAt)}${reason}`;
  return 'pending';
}

export function DeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const deliveries = useWebhookDeliveries(endpoint._id);
  return (
    <ModalDialog title="Deliveries" onClose={onClose} closeLabel="Close" wide>
      <p className="text-base-content/70">
        <BreakableAddress value={endpoint.url} />
      </p>
      <LoadMoreList list={deliveries} loadingLabel="Loading deliveries" spinnerClassName="py-6" emptyText="No delivery yet">
        {(log) => (
          <DataTable caption="Deliveries, newest first" columns={COLUMNS}>
            {log.map((delivery) => (
              <tr key={delivery._id} data-testid="delivery-row">
                <td className="font-mono text-sm">{delivery.eventType}</td>
                <td>{when(delivery.createdAt)}</td>
                <td>{delivery.attempts}</td>
                <td>{delivery.lastStatus ?? '—'}</td>
                <td className="min-w-48 break-words">{describeState(delivery)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadMoreList>
    </ModalDialog>
  );
}
