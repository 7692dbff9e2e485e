import type { WebhookEndpoint } from '@voltline/shared/webhook';
import { describeRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { BreakableAddress } from '../../../components/breakable-address.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useRemoveWebhookEndpoint } from '../api/remove-webhook-endpoint.ts';

/** Deliveries to the endpoint stop after one confirmation. */
export function RemoveEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const removeEndpoint = useRemoveWebhookEndpoint();
  const confirmRemove = () =>
    removeEndpoint.mutate(endpoint._id, {
      onSuccess: () => {
        toast.warning('Webhook endpoint removed');
        onClose();
      },
    });

  return (
    <ModalDialog
      title="Remove this endpoint?"
      onClose={onClose}
      closeLabel="No"
      confirm={{
        label: 'Yes, remove',
        onConfirm: confirmRemove,
        pending: removeEndpoint.isPending,
        failure: removeEndpoint.isError ? describeRequestError(removeEndpoint.error) : null,
        tone: 'error',
      }}
    >
      <p>
        <BreakableAddress value={endpoint.url} />
      </p>
    </ModalDialog>
  );
}
