import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessAccount, BusinessAccountApplication } from '@voltline/shared/business-accounts';
import { apiRequest, apiSend } from '../../../lib/api-client.ts';
import { cartKeys, tradeKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

/** GET /api/business-account: the signed-in customer's business account, or null before they apply. */
const ownBusinessAccountQueryOptions = queryOptions({
  queryKey: tradeKeys.mine(),
  queryFn: () => apiRequest<BusinessAccount | null>('/business-account'),
});

export const useOwnBusinessAccount = () => useQuery(ownBusinessAccountQueryOptions);

/** POST /api/business-account: apply (or apply again after a refusal); the checkout's quote may change with it. */
export const useApplyForBusinessAccount = () =>
  useRefreshingMutation((application: BusinessAccountApplication) => apiSend<BusinessAccount>('POST', '/business-account', application), [tradeKeys.all, cartKeys.all]);
