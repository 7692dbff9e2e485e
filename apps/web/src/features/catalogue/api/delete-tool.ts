import type { z } from 'zod';
import type { deletedSchema } from '@voltline/shared/order';
import { apiSend } from '../../../lib/api-client.ts';
import { CATALOGUE_STALE_KEYS } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

type Deleted = z.infer<typeof deletedSchema>;

/** DELETE /api/deleteTool/{id}: removes a tool from the catalogue. */
function deleteTool(toolId: string): Promise<Deleted> {
  return apiSend<Deleted>('DELETE', `/deleteTool/${encodeURIComponent(toolId)}`);
}

export const useDeleteTool = () => useRefreshingMutation(deleteTool, CATALOGUE_STALE_KEYS);
