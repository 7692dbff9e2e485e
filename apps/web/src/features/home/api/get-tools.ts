import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '@voltline/shared/tool';
import { apiRequest } from '../../../lib/api-client.ts';

/** The whole catalogue, newest tool first (the server decides the order). */
export function getTools(): Promise<Tool[]> {
  return apiRequest<Tool[]>('/getTools');
}

// Other features refresh the storefront by invalidating ['tools'] after they change the catalogue.
export const toolsQueryOptions = queryOptions({ queryKey: ['tools'], queryFn: getTools });

export function useTools() {
  return useQuery(toolsQueryOptions);
}
