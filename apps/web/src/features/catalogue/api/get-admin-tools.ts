import { useQuery } from '@tanstack/react-query';
import type { Tool } from '@voltline/shared/tool';
import { addressedListOf } from '../../../lib/list-address.ts';
import { toolKeys } from '../../../lib/query-keys.ts';

/** What Manage Tools shows: a search (name contains) and a page. */
export type AdminToolsView = { q?: string; cursor?: string };

/** GET /api/adminGetTools (admin): a page of the catalogue, newest first. */
export const adminToolsQueryOptions = (view: AdminToolsView) => addressedListOf<Tool>(toolKeys.adminList(view), '/adminGetTools', view);

export const useAdminTools = (view: AdminToolsView) => useQuery(adminToolsQueryOptions(view));
