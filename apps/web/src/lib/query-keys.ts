import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys of the shop's data, one factory per business area. They live here rather than in
 * a feature because features are pages, and a change made on one page refreshes what others show
 * (shipping an order lowers the stock the storefront lists). Each key starts with its area's, so
 * invalidating a prefix refreshes everything under it.
 */

/** What a paged table shows (filter, search, page); each combination is its own cache entry. */
export type ListView = Readonly<Record<string, string | undefined>>;

export const toolKeys = {
  all: ['tools'] as const,
  storefront: () => [...toolKeys.all, 'storefront'] as const,
  adminList: (view: ListView) => [...toolKeys.all, 'admin', view] as const,
  detail: (toolId: string) => [...toolKeys.all, 'detail', toolId] as const,
};

export const orderKeys = {
  all: ['orders'] as const,
  mine: () => [...orderKeys.all, 'mine'] as const,
  adminLists: () => [...orderKeys.all, 'admin'] as const,
  adminList: (view: ListView) => [...orderKeys.adminLists(), view] as const,
  overview: () => [...orderKeys.all, 'overview'] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  history: (orderId: string) => [...orderKeys.detail(orderId), 'history'] as const,
};

export const reviewKeys = {
  all: ['reviews'] as const,
  newest: () => [...reviewKeys.all, 'newest'] as const,
  summary: () => [...reviewKeys.all, 'summary'] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: (view: ListView) => [...userKeys.all, 'list', view] as const,
  roleHistory: (profileId: string) => [...userKeys.all, 'role-history', profileId] as const,
};

export const webhookKeys = {
  all: ['webhook-endpoints'] as const,
  endpoints: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, 'deliveries', endpointId] as const,
};

export const shopPageKeys = {
  all: ['shop-pages'] as const,
  detail: (slug: string) => [...shopPageKeys.all, slug] as const,
};

/**
 * After a tool is added, changed or removed: every tool list and tool, and the overview, whose
 * low-stock list depends on stock and minimum order quantities.
 */
export function refreshCatalogue(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: toolKeys.all }),
    queryClient.invalidateQueries({ queryKey: orderKeys.overview() }),
  ]);
}
