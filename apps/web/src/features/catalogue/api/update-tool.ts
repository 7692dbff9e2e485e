import type { z } from 'zod';
import type { ToolUpdate, toolUpdateAnswerSchema } from '@voltline/shared/tool';
import { apiSend } from '../../../lib/api-client.ts';
import { CATALOGUE_STALE_KEYS } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

type ToolUpdateAnswer = z.infer<typeof toolUpdateAnswerSchema>;

/**
 * PATCH /api/updateTool/{id}: sets a tool's stock, minimum order quantity and price, and a new name,
 * description or picture if given (409 when the name is taken); the answer's
 * `warning` says when customers cannot order the tool as saved (minimum above what is orderable).
 */
function updateTool({ toolId, update }: { toolId: string; update: ToolUpdate }): Promise<ToolUpdateAnswer> {
  // product.md, "What the shop says": this call is exempt from signing out on 401/403; the dialog shows the refusal instead.
  return apiSend<ToolUpdateAnswer>('PATCH', `/updateTool/${encodeURIComponent(toolId)}`, update, { signOutOnAuthFailure: false });
}

export const useUpdateTool = () => useRefreshingMutation(updateTool, CATALOGUE_STALE_KEYS);
