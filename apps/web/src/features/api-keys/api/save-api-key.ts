import type { ApiKey, ApiKeyInput, CreatedApiKey } from '@voltline/shared/api-keys';
import { apiSend } from '../../../lib/api-client.ts';
import { apiKeyKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

/** POST /api/admin/api-keys: a new key; the answer carries the key itself, once. */
const createApiKey = (input: ApiKeyInput) => apiSend<CreatedApiKey>('POST', '/admin/api-keys', input);

/** DELETE /api/admin/api-keys/{id}: the key is refused from now on; it stays listed as revoked. */
const revokeApiKey = (keyId: string) => apiSend<ApiKey>('DELETE', `/admin/api-keys/${encodeURIComponent(keyId)}`);

export const useCreateApiKey = () => useRefreshingMutation(createApiKey, [apiKeyKeys.list()]);
export const useRevokeApiKey = () => useRefreshingMutation(revokeApiKey, [apiKeyKeys.list()]);
