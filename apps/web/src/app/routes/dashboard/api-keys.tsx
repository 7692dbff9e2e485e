import { useState } from 'react';
import { API_KEY_PREFIX, type ApiKey } from '@voltline/shared/api-keys';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { ShownOnceSecret } from '../../../components/shown-once-secret.tsx';
import { useApiKeys } from '../../../features/api-keys/api/get-api-keys.ts';
import { ApiKeysTable } from '../../../features/api-keys/components/api-keys-table.tsx';
import { CreateApiKeyForm } from '../../../features/api-keys/components/create-api-key-form.tsx';
import { RevokeApiKeyDialog } from '../../../features/api-keys/components/revoke-api-key-dialog.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/** Admin: keys for an ERP or an accounting tool, each with its scopes (decision 066). */
export function ApiKeysPage() {
  const keys = useApiKeys();
  // Kept in this page's state only: the server never answers a key again.
  const [newKey, setNewKey] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <DashboardPage title="API keys">
      <div className="flex max-w-3xl flex-col gap-4">
        <CreateApiKeyForm onCreated={(created) => setNewKey(created.key)} />
        {newKey && (
          <ShownOnceSecret label="API key" secret={newKey} testId="api-key">
            {`Send it as Authorization: Bearer ${API_KEY_PREFIX}…; the API document (/api/docs) names the scope each route needs.`}
          </ShownOnceSecret>
        )}
      </div>
      <LoadMoreList list={keys} loadingLabel="Loading API keys" emptyText="No API key yet">
        {(listed) => <ApiKeysTable keys={listed} onRevoke={setRevoking} />}
      </LoadMoreList>
      {revoking && <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </DashboardPage>
  );
}
