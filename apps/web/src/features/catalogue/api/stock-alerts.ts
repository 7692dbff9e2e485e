import { useMutation, useQuery } from '@tanstack/react-query';
import type { StockAlertAnswer, StockAlertCount, StockAlertRequest } from '@voltline/shared/stock-alerts';
import { apiRequest } from '../../../lib/api-client.ts';
import { toolKeys } from '../../../lib/query-keys.ts';

/** POST /api/tools/{id}/stock-alerts: anyone asks to be mailed once when the tool is back. */
function askStockAlert({ toolId, request }: { toolId: string; request: StockAlertRequest }): Promise<StockAlertAnswer> {
  return apiRequest<StockAlertAnswer>(`/tools/${encodeURIComponent(toolId)}/stock-alerts`, { method: 'POST', body: JSON.stringify(request) });
}

export function useAskStockAlert() {
  return useMutation({ mutationFn: askStockAlert });
}

/** GET /api/admin/tools/{id}/stock-alerts (admins): how many alerts wait for the tool. */
export function useWaitingStockAlerts(toolId: string) {
  return useQuery({
    queryKey: toolKeys.stockAlerts(toolId),
    queryFn: () => apiRequest<StockAlertCount>(`/admin/tools/${encodeURIComponent(toolId)}/stock-alerts`),
  });
}
