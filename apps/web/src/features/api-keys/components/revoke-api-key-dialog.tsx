import type { ApiKey } from '@voltline/shared/api-keys';
import { toast } from '../../../lib/toast/toast.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useRevokeApiKey } from '../api/save-api-key.ts';

/** The key is refused from the next call on, after one confirmation. */
export function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog title={`Revoke ${apiKey.name}?`} change={revoke} variables={apiKey._id} done={() => toast.warning('API key revoked')} onClose={onClose} confirmLabel="Yes, revoke">
      <p>What uses this key ({apiKey.scopes.join(', ')}) is refused from its next call. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
