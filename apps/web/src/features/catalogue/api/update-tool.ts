import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ToolUpdate, toolUpdateAnswerSchema } from '@voltline/shared/tool';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshCatalogue } from '../../../lib/query-keys.ts';

type ToolUpdateAnswer = z.infer<typeof toolUpdateAnswerSchema>;

/**
 * PATCH /api/updateTool/{id}: sets a tool's stock, minimum order quantity and price, and a new name,
 * description or picture if given (409 when the name is taken); the answer's
 * `warning` says when customers cannot order the tool as saved (minimum above what is orderable).
 */
function updateTool({ toolId, update }: { toolId: string; update: ToolUpdate }): Promise<ToolUpdateAnswer> {
  return apiRequest<ToolUpdateAnswer>(`/updateTool/${encodeURIComponent(toolId)}`, {
    method: 'PATCH',
    body: JSON.stringify(update),
    // product.md, "What the shop says": this call is exempt from signing out on 401/403; the dialog shows the refusal instead.
    signOutOnAuthFailure: false,
  });
}

export function useUpdateTool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTool, onSuccess: () => refreshCatalogue(queryClient) });
}
