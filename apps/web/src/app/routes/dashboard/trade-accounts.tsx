import { useState } from 'react';
import { BUSINESS_ACCOUNT_STATES, businessAccountStateWords, type BusinessAccount, type BusinessAccountState } from '@voltline/shared/business-accounts';
import { ChoiceButtons } from '../../../components/choice-buttons.tsx';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { describeRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useBusinessAccounts, useDecideBusinessAccount } from '../../../features/trade/api/business-accounts.ts';
import { BusinessAccountReasonDialog } from '../../../features/trade/components/business-account-reason-dialog.tsx';
import { BusinessAccountsTable, type AskedDecision } from '../../../features/trade/components/business-accounts-table.tsx';
import { PaymentTermsDialog } from '../../../features/trade/components/payment-terms-dialog.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/** Admin: business accounts (issue 39), newest application first, found by company, VAT id or email; the waiting ones decided here. */
export function TradeAccountsPage() {
  const [q, setQ] = useState('');
  const [state, setState] = useState<BusinessAccountState | undefined>('pending');
  const accounts = useBusinessAccounts({ q: q || undefined, state });
  // Decisions live here, not in the table: a decided account leaves the waiting ones' list, and the
  // table goes with the last one; the toast and the dialog must not go with it.
  const decide = useDecideBusinessAccount();
  const [asking, setAsking] = useState<AskedDecision | null>(null);
  const approve = (account: BusinessAccount) =>
    decide.mutate(
      { accountId: account._id, decision: 'approve' },
      { onSuccess: () => toast.success(`${account.companyName}: approved`), onError: (error) => toast.error(describeRequestError(error)) },
    );
  const choices: { value: BusinessAccountState | undefined; label: string }[] = [...BUSINESS_ACCOUNT_STATES.map((each) => ({ value: each, label: businessAccountStateWords[each] })), { value: undefined, label: 'All' }];
  return (
    <DashboardPage title="Trade accounts">
      <ChoiceButtons label="Show accounts" choices={choices} value={state} onChoose={setState} />
      <SearchBox label="Search company, VAT id or email" value={q} onSearch={setQ} />
      <LoadMoreList list={accounts} loadingLabel="Loading trade accounts" emptyText={q ? 'No account matches that' : 'No application here'}>
        {(rows) => <BusinessAccountsTable accounts={rows} decide={decide} onApprove={approve} onAsk={setAsking} />}
      </LoadMoreList>
      {asking &&
        (asking.decision === 'payment-terms' ? (
          <PaymentTermsDialog account={asking.account} onClose={() => setAsking(null)} />
        ) : (
          <BusinessAccountReasonDialog account={asking.account} decision={asking.decision} decide={decide} onClose={() => setAsking(null)} />
        ))}
    </DashboardPage>
  );
}
