import type { StoredQuery } from '@voltline/shared/query-form';
import { apiSend } from '../../../lib/api-client.ts';
import { inboxKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

/** PATCH /api/queries/{id} (admin): marks a query answered (the server records who and when) or open again. */
const markQuery = ({ queryId, answered }: { queryId: string; answered: boolean }) => apiSend<StoredQuery>('PATCH', `/queries/${encodeURIComponent(queryId)}`, { answered });

// The query moves between the open and answered views: every view is fetched again.
export const useMarkQuery = () => useRefreshingMutation(markQuery, [inboxKeys.all]);
