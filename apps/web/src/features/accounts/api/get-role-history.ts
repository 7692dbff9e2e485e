import type { RoleChange } from '@voltline/shared/profile';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { userKeys } from '../../../lib/query-keys.ts';

const ROLE_HISTORY_PAGE_SIZE = 20;

/** GET /api/profile/{id}/role-history (admin): a page of the profile's role changes, newest first. */
function getRoleHistory(profileId: string, cursor: string | undefined): Promise<ApiPage<RoleChange>> {
  return apiPage<RoleChange>(listPath(`/profile/${encodeURIComponent(profileId)}/role-history`, { cursor, limit: ROLE_HISTORY_PAGE_SIZE }));
}

export function useRoleHistory(profileId: string) {
  return useInfiniteList(pagedListOptions(userKeys.roleHistory(profileId), (cursor) => getRoleHistory(profileId, cursor)));
}
