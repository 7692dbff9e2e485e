import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopPage, ShopPageSlug } from '@voltline/shared/shop-pages';
import { apiRequest } from '../../../lib/api-client.ts';
import { shopPageKeys } from '../../../lib/query-keys.ts';

/** GET /api/pages/{slug}: the page's title and text (the owner's, or the shop's default). */
export const shopPageQueryOptions = (slug: ShopPageSlug) =>
  queryOptions({ queryKey: shopPageKeys.detail(slug), queryFn: () => apiRequest<ShopPage>(`/pages/${slug}`) });

export function useShopPage(slug: ShopPageSlug) {
  return useQuery(shopPageQueryOptions(slug));
}
