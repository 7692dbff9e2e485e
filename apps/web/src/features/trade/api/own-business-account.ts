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

/**
 * The checkout's business buyer (decision 060): null unless the account is approved; its terms when
 * the shop allowed it to pay on account (a credit limit above 0), with the credit still left.
 */
export function useBusinessBuyer(signedIn: boolean) {
  const account = useQuery({ ...ownBusinessAccountQueryOptions, enabled: signedIn });
  const approved = account.data?.state === 'approved' ? account.data : null;
  if (!approved) return null;
  const { netDays, creditLimit, creditAvailable } = approved.paymentTerms;
  return { payOnAccount: creditLimit > 0 ? { netDays, available: creditAvailable } : null };
}

/** POST /api/business-account: apply (or apply again after a refusal); the checkout's quote may change with it. */
export const useApplyForBusinessAccount = () =>
  useRefreshingMutation((application: BusinessAccountApplication) => apiSend<BusinessAccount>('POST', '/business-account', application), [tradeKeys.all, cartKeys.all]);
