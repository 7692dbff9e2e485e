import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@voltline/shared/profile';
import { addressedListOf } from '../../../lib/list-address.ts';
import { userKeys } from '../../../lib/query-keys.ts';

/** What Make Admin shows: a search (start of the email or name) and a page. */
export type UsersView = { q?: string; cursor?: string };

/** GET /api/allUsers (admin): a page of users' profiles, oldest first. */
export const allUsersQueryOptions = (view: UsersView) => addressedListOf<Profile>(userKeys.list(view), '/allUsers', view);

export const useAllUsers = (view: UsersView) => useQuery(allUsersQueryOptions(view));
