import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ToolDetail } from '@voltline/shared/categories';
import { apiRequest } from '../../../lib/api-client.ts';
import { missingToolKey, toolKeys } from '../../../lib/query-keys.ts';

/** GET /api/getTool/{toolId}: one tool of the catalogue, with its category and specifications; 404 when there is no such tool. */
function getTool(toolId: string): Promise<ToolDetail> {
  return apiRequest<ToolDetail>(`/getTool/${encodeURIComponent(toolId)}`);
}

// Under the catalogue's key, so whoever changes the catalogue refreshes this too. Shared by the
// public tool page and the purchase page, which show the same tool.
export const toolQueryOptions = (toolId: string) =>
  queryOptions({ queryKey: toolKeys.detail(toolId), queryFn: () => getTool(toolId) });

/** The tool, and whether the server's render already found there is no such tool (route-loaders.ts): asking again would only fail again. */
export function useTool(toolId: string) {
  const missing = useQueryClient().getQueryData(missingToolKey(toolId)) === true;
  return { ...useQuery({ ...toolQueryOptions(toolId), enabled: !missing }), missing };
}
