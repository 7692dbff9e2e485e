import { formatShortDateTime } from '@voltline/shared/shop-constants';
import type { WebhookDelivery, WebhookEndpoint } from '@voltline/shared/webhook';
import { BreakableAddress } from '../../../components/breakable-address.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';

const DELIVERY_LOG_ID = 'delivery-log';

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
      <QueryState query={deliveries.rows} loadingLabel="Loading deliveries" spinnerClassName="py-6" emptyText="No delivery yet">
        {(log) => (
          <>
            <div id={DELIVERY_LOG_ID}>
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
            </div>
            <LoadMoreButton more={deliveries.more} controls={DELIVERY_LOG_ID} />
          </>
        )}
      </QueryState>
    </ModalDialog>
  );
}
