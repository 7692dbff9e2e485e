import type { ApiKey } from '@voltline/shared/api-keys';
import { confirmStep } from '../../../lib/confirm-step.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useRevokeApiKey } from '../api/save-api-key.ts';

/** The key is refused from the next call on, after one confirmation. */
export function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const revoke = confirmStep(useRevokeApiKey(), apiKey._id, { done: () => toast.warning('API key revoked'), onClose });

  return (
    <ModalDialog title={`Revoke ${apiKey.name}?`} onClose={onClose} closeLabel="No" confirm={{ label: 'Yes, revoke', ...revoke, tone: 'error' }}>
      <p>What uses this key ({apiKey.scopes.join(', ')}) is refused from its next call. This cannot be undone.</p>
    </ModalDialog>
  );
}
