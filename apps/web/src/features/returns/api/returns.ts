import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreateReturn, ReceiveReturn, Return, ReturnStatus, ReturnWindow } from '@voltline/shared/returns';
import type { Shipment } from '@voltline/shared/shipments';
import { apiPage, apiRequest, apiSend } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { orderKeys, toolKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

/** GET /api/purchasedSingle/{id}/return-window: which button My Orders' card offers (decision 048). */
export function useReturnWindow(orderId: string) {
  return useQuery({
    queryKey: orderKeys.returnWindow(orderId),
    queryFn: () => apiRequest<ReturnWindow>(`/purchasedSingle/${encodeURIComponent(orderId)}/return-window`),
  });
}

/**
 * GET /api/purchasedSingle/{id}/shipments: the units the return dialog offers, under the key the
 * order's parcel list reads (features/orders), so the two share one request.
 */
export const useShippedUnits = (orderId: string) =>
  useQuery({ queryKey: orderKeys.shipments(orderId), queryFn: async () => (await apiPage<Shipment>(`/purchasedSingle/${encodeURIComponent(orderId)}/shipments`)).items });

/** POST /api/purchasedSingle/{id}/returns: the buyer's return; its answer is the acknowledgement shown at once. */
const requestReturn = ({ orderId, request }: { orderId: string; request: CreateReturn }) =>
  apiSend<Return>('POST', `/purchasedSingle/${encodeURIComponent(orderId)}/returns`, request, { signOutOnAuthFailure: false });

export const useRequestReturn = () => useRefreshingMutation(requestReturn, [orderKeys.returns()], { evenWhenRefused: true });

/** '' is every status: the admins' list filter. */
export type ReturnFilter = ReturnStatus | '';

/** GET /api/admin/returns?status=: newest first, a page of 20 at a time. */
export const adminReturnsQueryOptions = (status: ReturnFilter) =>
  pagedListOptions(orderKeys.returnList(status), (cursor) => apiPage<Return>(listPath('/admin/returns', { limit: 20, status, cursor })));

export const useAdminReturns = (status: ReturnFilter) => useInfiniteList(adminReturnsQueryOptions(status));

const returnQueryOptions = (returnId: string) => queryOptions({ queryKey: orderKeys.returnDetail(returnId), queryFn: () => apiRequest<Return>(`/admin/returns/${encodeURIComponent(returnId)}`) });

export const useReturn = (returnId: string) => useQuery(returnQueryOptions(returnId));

/** An admin's step on a return; every step may change the orders (a refund), the stock (a restock) and the lists. */
type ReturnStep =
  | { returnId: string; step: 'authorise'; body: { instructions?: string } }
  | { returnId: string; step: 'refuse'; body: { reason: string } }
  | { returnId: string; step: 'receive'; body: ReceiveReturn }
  | { returnId: string; step: 'refund'; body: { amount?: number } };

const takeStep = ({ returnId, step, body }: ReturnStep) => apiSend<Return>('POST', `/admin/returns/${encodeURIComponent(returnId)}/${step}`, body, { signOutOnAuthFailure: false });

export const useReturnStep = () => useRefreshingMutation(takeStep, [orderKeys.all, toolKeys.all], { evenWhenRefused: true });
