import { useState } from 'react';
import { API_KEY_PREFIX, type ApiKey } from '@voltline/shared/api-keys';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ShownOnceSecret } from '../../../components/shown-once-secret.tsx';
import { useApiKeys } from '../../../features/api-keys/api/get-api-keys.ts';
import { ApiKeysTable } from '../../../features/api-keys/components/api-keys-table.tsx';
import { CreateApiKeyForm } from '../../../features/api-keys/components/create-api-key-form.tsx';
import { RevokeApiKeyDialog } from '../../../features/api-keys/components/revoke-api-key-dialog.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

const API_KEY_LIST_ID = 'api-keys';

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
      <QueryState query={keys.rows} loadingLabel="Loading API keys" emptyText="No API key yet">
        {(listed) => (
          <>
            <div id={API_KEY_LIST_ID}>
              <ApiKeysTable keys={listed} onRevoke={setRevoking} />
            </div>
            <LoadMoreButton more={keys.more} controls={API_KEY_LIST_ID} />
          </>
        )}
      </QueryState>
      {revoking && <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </DashboardPage>
  );
}
