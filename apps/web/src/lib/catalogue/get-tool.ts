import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '@voltline/shared/tool';
import { apiRequest } from '../api-client.ts';
import { toolKeys } from '../query-keys.ts';

/** GET /api/getTool/{toolId}: one tool of the catalogue; 404 when there is no such tool. */
export function getTool(toolId: string): Promise<Tool> {
  return apiRequest<Tool>(`/getTool/${encodeURIComponent(toolId)}`);
}

// Under the catalogue's key, so whoever changes the catalogue refreshes this too. Shared by the
// public tool page and the purchase page, which show the same tool.
export const toolQueryOptions = (toolId: string) =>
  queryOptions({ queryKey: toolKeys.detail(toolId), queryFn: () => getTool(toolId) });

export function useTool(toolId: string) {
  return useQuery(toolQueryOptions(toolId));
}

/**
 * What customers can still order: the stock not promised to paid orders. A server from before
 * that field answers only the physical stock, which then stands in for it.
 */
export function orderableQuantityOf(tool: Tool): number {
  return tool.orderableQuantity ?? tool.availableQuantity;
}

/**
 * The rule of isOutOfStock in @voltline/shared/tool: not even the minimum order can be promised.
 * Restated here because that module builds zod schemas on load, which would put zod into the
 * bundle of every public page (this runs on the home and tool pages).
 */
export const toolIsOutOfStock = (tool: Tool) => orderableQuantityOf(tool) < tool.minimumOrderQuantity;
