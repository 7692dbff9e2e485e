import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerGroup, CustomerGroupChange, CustomerGroupInput, GroupMember, GroupMemberInput, GroupToolPrice, GroupToolPriceInput, MyPrices } from '@voltline/shared/customer-groups';
import { apiPage, apiRequest, apiSend, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { groupKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

const PAGE_SIZE = 20;

/** GET /api/admin/customer-groups (admin): every group, retail and trade first. */
export const customerGroupsQueryOptions = queryOptions({
  queryKey: groupKeys.groups(),
  queryFn: () => apiRequest<CustomerGroup[]>('/admin/customer-groups'),
});
export const useCustomerGroups = () => useQuery(customerGroupsQueryOptions);

/** GET /api/admin/customer-groups/{key}/prices (admin): the group's own tool prices, a page at a time. */
const groupPricesOptions = (group: string) =>
  pagedListOptions(groupKeys.prices(group), (cursor): Promise<ApiPage<GroupToolPrice>> =>
    apiPage<GroupToolPrice>(listPath(`/admin/customer-groups/${encodeURIComponent(group)}/prices`, { cursor, limit: PAGE_SIZE })),
  );
export const useGroupPrices = (group: string) => useInfiniteList(groupPricesOptions(group));

/** GET /api/admin/customer-groups/{key}/members (admin): the customers an admin put in it. */
const groupMembersOptions = (group: string) =>
  pagedListOptions(groupKeys.members(group), (cursor): Promise<ApiPage<GroupMember>> =>
    apiPage<GroupMember>(listPath(`/admin/customer-groups/${encodeURIComponent(group)}/members`, { cursor, limit: PAGE_SIZE })),
  );
export const useGroupMembers = (group: string) => useInfiniteList(groupMembersOptions(group));

const groupPath = (group: string) => `/admin/customer-groups/${encodeURIComponent(group)}`;

export const useCreateCustomerGroup = () => useRefreshingMutation((input: CustomerGroupInput) => apiSend<CustomerGroup>('POST', '/admin/customer-groups', input), [groupKeys.all]);
export const useChangeCustomerGroup = () =>
  useRefreshingMutation(({ group, change }: { group: string; change: CustomerGroupChange }) => apiSend<CustomerGroup>('PATCH', groupPath(group), change), [groupKeys.all]);
export const useSetGroupPrice = () =>
  useRefreshingMutation(
    ({ group, toolId, price }: { group: string; toolId: string; price: GroupToolPriceInput }) => apiSend<GroupToolPrice>('PUT', `${groupPath(group)}/prices/${encodeURIComponent(toolId)}`, price),
    [groupKeys.all],
  );
export const useRemoveGroupPrice = () =>
  useRefreshingMutation(({ group, toolId }: { group: string; toolId: string }) => apiSend<{ acknowledged: true }>('DELETE', `${groupPath(group)}/prices/${encodeURIComponent(toolId)}`), [groupKeys.all]);
export const usePlaceGroupMember = () => useRefreshingMutation((input: GroupMemberInput) => apiSend<GroupMember>('PUT', '/admin/customer-group-members', input), [groupKeys.all]);

/**
 * GET /api/my-prices: what the signed-in customer pays for these tools (their group's price, minimum
 * and tiers). Kept per customer: the public catalogue answers are everyone's list prices.
 */
export const myPricesOptions = (userEmail: string, toolIds: readonly string[]) =>
  queryOptions({
    queryKey: groupKeys.mine(userEmail, toolIds),
    queryFn: () => apiRequest<MyPrices>(`/my-prices?toolIds=${toolIds.map(encodeURIComponent).join(',')}`),
  });
export const useMyPrices = (userEmail: string | null, toolIds: readonly string[]) =>
  useQuery({ ...myPricesOptions(userEmail ?? '', toolIds), enabled: userEmail !== null && toolIds.length > 0 });
