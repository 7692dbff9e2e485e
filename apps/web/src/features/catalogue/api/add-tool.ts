import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { insertedSchema } from '@voltline/shared/order';
import type { ToolInput } from '@voltline/shared/tool';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshCatalogue } from '../../../lib/query-keys.ts';

type Inserted = z.infer<typeof insertedSchema>;

/** POST /api/addTool: a new tool in the catalogue (409 when the name is taken). */
function addTool(tool: ToolInput): Promise<Inserted> {
  return apiRequest<Inserted>('/addTool', { method: 'POST', body: JSON.stringify(tool) });
}

export function useAddTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTool,
    // The storefront and the admin list show it; with less stock than its minimum order it is also
    // in the overview's low-stock list.
    onSuccess: () => refreshCatalogue(queryClient),
  });
}
