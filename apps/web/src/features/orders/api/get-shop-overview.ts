import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopOverview } from '@voltline/shared/order';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/** GET /api/adminOverview (admin): revenue and orders per day for 30 days, and tools low on stock. */
function getShopOverview(): Promise<ShopOverview> {
  return apiRequest<ShopOverview>('/adminOverview');
}

// Shipping an order lowers stock, so it invalidates this key (as do tool edits elsewhere).
export const shopOverviewQueryOptions = queryOptions({ queryKey: orderKeys.overview(), queryFn: getShopOverview });

export function useShopOverview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...shopOverviewQueryOptions, enabled });
}
