import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoredQuery } from '@voltline/shared/query-form';
import { apiRequest } from '../../../lib/api-client.ts';
import { inboxKeys } from '../../../lib/query-keys.ts';

/** PATCH /api/queries/{id} (admin): marks a query answered (the server records who and when) or open again. */
function markQuery({ queryId, answered }: { queryId: string; answered: boolean }): Promise<StoredQuery> {
  return apiRequest<StoredQuery>(`/queries/${encodeURIComponent(queryId)}`, { method: 'PATCH', body: JSON.stringify({ answered }) });
}

export function useMarkQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markQuery,
    // The query moves between the open and answered views: every view is fetched again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
