import type { WebhookEndpoint } from '@voltline/shared/webhook';
import { confirmStep } from '../../../lib/confirm-step.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { BreakableAddress } from '../../../components/breakable-address.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useRemoveWebhookEndpoint } from '../api/remove-webhook-endpoint.ts';

/** Deliveries to the endpoint stop after one confirmation. */
export function RemoveEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const remove = confirmStep(useRemoveWebhookEndpoint(), endpoint._id, { done: () => toast.warning('Webhook endpoint removed'), onClose });

  return (
    <ModalDialog
      title="Remove this endpoint?"
      onClose={onClose}
      closeLabel="No"
      confirm={{ label: 'Yes, remove', ...remove, tone: 'error' }}
    >
      <p>
        <BreakableAddress value={endpoint.url} />
      </p>
    </ModalDialog>
  );
}
