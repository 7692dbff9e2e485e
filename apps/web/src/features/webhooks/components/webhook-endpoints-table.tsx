import { formatShortDate } from '@voltline/shared/shop-constants';
import type { WebhookEndpoint } from '@voltline/shared/webhook';
import { BreakableAddress } from '../../../components/breakable-address.tsx';
import { DataTable } from '../../../components/data-table.tsx';

export type EndpointAction = 'deliveries' | 'remove';

const COLUMNS = ['URL', 'Events', 'Created', 'Actions'];

interface WebhookEndpointsTableProps {
  endpoints: WebhookEndpoint[];
  onAction: (action: EndpointAction, endpoint: WebhookEndpoint) => void;
}

export function WebhookEndpointsTable({ endpoints, onAction }: WebhookEndpointsTableProps) {
  return (
    <DataTable caption="Webhook endpoints" columns={COLUMNS}>
      {endpoints.map((endpoint) => (
        <tr key={endpoint._id} data-testid="endpoint-row">
          <td className="min-w-48">
            <BreakableAddress value={endpoint.url} />
          </td>
          <td className="min-w-40 font-mono text-sm">{endpoint.events.join(', ')}</td>
          <td>{formatShortDate(endpoint.createdAt)}</td>
          <td>
            <div className="flex gap-2">
              <button
                type="button"
                className="btn btn-secondary btn-xs"
                aria-label={`Deliveries for ${endpoint.url}`}
                onClick={() => onAction('deliveries', endpoint)}
              >
                Deliveries
              </button>
              <button type="button" className="btn btn-error btn-xs" aria-label={`Remove ${endpoint.url}`} onClick={() => onAction('remove', endpoint)}>
                Remove
              </button>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
