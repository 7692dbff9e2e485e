import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { insertedSchema } from '@voltline/shared/order';
import type { QueryForm } from '@voltline/shared/query-form';
import { apiRequest } from '../../../lib/api-client.ts';

type Inserted = z.infer<typeof insertedSchema>;

/** POST /api/queries: the "Ask us anything" form's query, stored for the shop's admins. Open to visitors. */
function sendQuery(query: QueryForm): Promise<Inserted> {
  return apiRequest<Inserted>('/queries', { method: 'POST', body: JSON.stringify(query) });
}

export function useSendQuery() {
  return useMutation({ mutationFn: sendQuery });
}
