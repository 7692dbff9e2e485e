import type { WebhookEndpoint } from '@voltline/shared/webhook';
import { toast } from '../../../lib/toast/toast.ts';
import { BreakableAddress } from '../../../components/breakable-address.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useRemoveWebhookEndpoint } from '../api/remove-webhook-endpoint.ts';

/** Deliveries to the endpoint stop after one confirmation. */
export function RemoveEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const remove = useRemoveWebhookEndpoint();
  return (
    <ConfirmDialog title="Remove this endpoint?" change={remove} variables={endpoint._id} done={() => toast.warning('Webhook endpoint removed')} onClose={onClose} confirmLabel="Yes, remove">
      <p>
        <BreakableAddress value={endpoint.url} />
      </p>
    </ConfirmDialog>
  );
}
