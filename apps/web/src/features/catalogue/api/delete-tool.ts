import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deletedSchema } from '@voltline/shared/order';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshCatalogue } from '../../../lib/query-keys.ts';

type Deleted = z.infer<typeof deletedSchema>;

/** DELETE /api/deleteTool/{id}: removes a tool from the catalogue. */
function deleteTool(toolId: string): Promise<Deleted> {
  return apiRequest<Deleted>(`/deleteTool/${encodeURIComponent(toolId)}`, { method: 'DELETE' });
}

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTool, onSuccess: () => refreshCatalogue(queryClient) });
}
