import type { BusinessAccount, BusinessAccountState } from '@voltline/shared/business-accounts';
import { apiPage, apiSend, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { tradeKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

const ACCOUNTS_PAGE_SIZE = 20;

/** What the Trade accounts page shows: a search (company, VAT id, email) and a state, or every state. */
export interface TradeAccountsView {
  q: string | undefined;
  state: BusinessAccountState | undefined;
}

/** GET /api/admin/business-accounts (admin): a page of applications, newest first. */
function getBusinessAccounts(view: TradeAccountsView, cursor: string | undefined): Promise<ApiPage<BusinessAccount>> {
  return apiPage<BusinessAccount>(listPath('/admin/business-accounts', { q: view.q, state: view.state, cursor, limit: ACCOUNTS_PAGE_SIZE }));
}

export const businessAccountsQueryOptions = (view: TradeAccountsView) =>
  pagedListOptions(tradeKeys.list({ q: view.q, state: view.state }), (cursor) => getBusinessAccounts(view, cursor));

export const useBusinessAccounts = (view: TradeAccountsView) => useInfiniteList(businessAccountsQueryOptions(view));

/** An admin's decision on an account: approve, refuse with a reason, or confirm its VAT id by hand with a reason. */
export type BusinessAccountDecision = { accountId: string } & ({ decision: 'approve' } | { decision: 'refuse' | 'confirm-vat-id'; reason: string });

/** POST /api/admin/business-accounts/{id}/{approve|refuse|confirm-vat-id} (admin). */
function decide(request: BusinessAccountDecision): Promise<BusinessAccount> {
  const path = `/admin/business-accounts/${encodeURIComponent(request.accountId)}/${request.decision}`;
  return apiSend<BusinessAccount>('POST', path, request.decision === 'approve' ? {} : { reason: request.reason });
}

// An account moves between the states' views: every view is fetched again.
export const useDecideBusinessAccount = () => useRefreshingMutation(decide, [tradeKeys.all]);
