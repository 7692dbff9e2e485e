import type { OrderOnAccount } from '@voltline/shared/on-account';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { tradeKeys } from '../../../lib/query-keys.ts';

const PAGE_SIZE = 20;

/** GET /api/admin/orders-on-account (admin): open orders on account, soonest due first; `overdue` only those past due. */
function getOrdersOnAccount(overdue: boolean, cursor: string | undefined): Promise<ApiPage<OrderOnAccount>> {
  return apiPage<OrderOnAccount>(listPath('/admin/orders-on-account', { overdue: overdue ? 'true' : undefined, cursor, limit: PAGE_SIZE }));
}

export const ordersOnAccountQueryOptions = (overdue: boolean) =>
  pagedListOptions(tradeKeys.onAccount({ overdue: overdue ? 'true' : undefined }), (cursor) => getOrdersOnAccount(overdue, cursor));

export const useOrdersOnAccount = (overdue: boolean) => useInfiniteList(ordersOnAccountQueryOptions(overdue));
