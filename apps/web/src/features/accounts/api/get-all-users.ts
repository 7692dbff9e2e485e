import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@voltline/shared/profile';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { addressedListOptions, TABLE_PAGE_SIZE } from '../../../lib/list-address.ts';
import { listPath } from '../../../lib/paged-lists.ts';
import { userKeys } from '../../../lib/query-keys.ts';

/** What Make Admin shows: a search (start of the email or name) and a page. */
export type UsersView = { q?: string; cursor?: string };

/** GET /api/allUsers (admin): a page of users' profiles, oldest first. */
function getAllUsers({ q, cursor }: UsersView): Promise<ApiPage<Profile>> {
  return apiPage<Profile>(listPath('/allUsers', { q, cursor, limit: TABLE_PAGE_SIZE }));
}

export const allUsersQueryOptions = (view: UsersView) =>
  queryOptions({ queryKey: userKeys.list(view), queryFn: () => getAllUsers(view), ...addressedListOptions });

export function useAllUsers(view: UsersView) {
  return useQuery(allUsersQueryOptions(view));
}
