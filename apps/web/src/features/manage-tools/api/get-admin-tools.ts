import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '@voltline/shared/tool';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/adminGetTools (admin): every tool of the catalogue, newest first. */
export function getAdminTools(): Promise<Tool[]> {
  return apiRequest<Tool[]>('/adminGetTools');
}

export const adminToolsQueryOptions = queryOptions({ queryKey: ['tools', 'admin'], queryFn: getAdminTools });

export function useAdminTools() {
  return useQuery(adminToolsQueryOptions);
}
