import type { FittingTool } from '@voltline/shared/families';
import { pagedListOf, useInfiniteList } from '../../../lib/paged-lists.ts';
import { toolKeys } from '../../../lib/query-keys.ts';

export type FittingDirection = 'accessories' | 'fits';

/** GET /api/tools/{id}/accessories or /fits: every linked tool, a page at a time, once a buyer asks for more than the page shows. */
export function useFittingTools(toolId: string, direction: FittingDirection) {
  return useInfiniteList(pagedListOf<FittingTool>(toolKeys.fitting(toolId, direction), `/tools/${toolId}/${direction}`, 24));
}
