import type { z } from 'zod';
import type { insertedSchema } from '@voltline/shared/order';
import type { ToolInput } from '@voltline/shared/tool';
import { apiSend } from '../../../lib/api-client.ts';
import { CATALOGUE_STALE_KEYS } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

type Inserted = z.infer<typeof insertedSchema>;

/** POST /api/addTool: a new tool in the catalogue (409 when the name is taken). */
function addTool(tool: ToolInput): Promise<Inserted> {
  return apiSend<Inserted>('POST', '/addTool', tool);
}

// The storefront and the admin list show it; with less stock than its minimum order it is also in
// the overview's low-stock list.
export const useAddTool = () => useRefreshingMutation(addTool, CATALOGUE_STALE_KEYS);
