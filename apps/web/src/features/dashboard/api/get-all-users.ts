import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@voltline/shared/profile';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/allUsers (admin): every user's profile. */
export function getAllUsers(): Promise<Profile[]> {
  return apiRequest<Profile[]>('/allUsers');
}

export const allUsersQueryOptions = queryOptions({ queryKey: ['users'], queryFn: getAllUsers });

export function useAllUsers() {
  return useQuery(allUsersQueryOptions);
}
