import type { StockMove, StockMoveAnswer, StockMoveRequest } from '@voltline/shared/stock-moves';
import { apiPage, apiSend, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { CATALOGUE_STALE_KEYS, toolKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

const STOCK_HISTORY_PAGE_SIZE = 20;

/** GET /api/admin/tools/{id}/stock-moves (admins): a page of the tool's stock movements, newest first. */
function getStockHistory(toolId: string, cursor: string | undefined): Promise<ApiPage<StockMove>> {
  return apiPage<StockMove>(listPath(`/admin/tools/${encodeURIComponent(toolId)}/stock-moves`, { cursor, limit: STOCK_HISTORY_PAGE_SIZE }));
}

export function useStockHistory(toolId: string) {
  return useInfiniteList(pagedListOptions(toolKeys.stockHistory(toolId), (cursor) => getStockHistory(toolId, cursor)));
}

/** POST /api/admin/tools/{id}/stock-moves: a receipt, a count or a scrap; the catalogue (and the history) refresh after it. */
function recordStockMove({ toolId, move }: { toolId: string; move: StockMoveRequest }): Promise<StockMoveAnswer> {
  return apiSend<StockMoveAnswer>('POST', `/admin/tools/${encodeURIComponent(toolId)}/stock-moves`, move);
}

export const useRecordStockMove = () => useRefreshingMutation(recordStockMove, CATALOGUE_STALE_KEYS);
