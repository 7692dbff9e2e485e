import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '@voltline/shared/tool';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { addressedListOptions, TABLE_PAGE_SIZE } from '../../../lib/list-address.ts';
import { listPath } from '../../../lib/paged-lists.ts';
import { toolKeys } from '../../../lib/query-keys.ts';

/** What Manage Tools shows: a search (name contains) and a page. */
export type AdminToolsView = { q?: string; cursor?: string };

/** GET /api/adminGetTools (admin): a page of the catalogue, newest first. */
function getAdminTools({ q, cursor }: AdminToolsView): Promise<ApiPage<Tool>> {
  return apiPage<Tool>(listPath('/adminGetTools', { q, cursor, limit: TABLE_PAGE_SIZE }));
}

export const adminToolsQueryOptions = (view: AdminToolsView) =>
  queryOptions({ queryKey: toolKeys.adminList(view), queryFn: () => getAdminTools(view), ...addressedListOptions });

export function useAdminTools(view: AdminToolsView) {
  return useQuery(adminToolsQueryOptions(view));
}
