import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockMove, StockMoveAnswer, StockMoveRequest } from '@voltline/shared/stock-moves';
import { apiPage, apiRequest, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { refreshCatalogue, toolKeys } from '../../../lib/query-keys.ts';

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
  return apiRequest<StockMoveAnswer>(`/admin/tools/${encodeURIComponent(toolId)}/stock-moves`, { method: 'POST', body: JSON.stringify(move) });
}

export function useRecordStockMove() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordStockMove, onSuccess: () => refreshCatalogue(queryClient) });
}
