import { useState } from 'react';
import { BUSINESS_ACCOUNT_STATES, businessAccountStateWords, type BusinessAccountState } from '@voltline/shared/business-accounts';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useBusinessAccounts } from '../../../features/trade/api/business-accounts.ts';
import { BusinessAccountsTable } from '../../../features/trade/components/business-accounts-table.tsx';

const ACCOUNT_LIST_ID = 'business-accounts-list';

/** Admin: business accounts (issue 39), newest application first, found by company, VAT id or email; the waiting ones decided here. */
export function TradeAccountsPage() {
  const [q, setQ] = useState('');
  const [state, setState] = useState<BusinessAccountState | undefined>('pending');
  const accounts = useBusinessAccounts({ q: q || undefined, state });
  const choices: { state: BusinessAccountState | undefined; label: string }[] = [...BUSINESS_ACCOUNT_STATES.map((each) => ({ state: each, label: businessAccountStateWords[each] })), { state: undefined, label: 'All' }];
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-2xl font-bold">Trade accounts</h2>
      <div role="group" aria-label="Show accounts" className="join flex-wrap">
        {choices.map((choice) => (
          <button
            key={choice.label}
            type="button"
            className={choice.state === state ? 'join-item btn btn-sm btn-primary' : 'join-item btn btn-sm'}
            aria-pressed={choice.state === state}
            onClick={() => setState(choice.state)}
          >
            {choice.label}
          </button>
        ))}
      </div>
      <SearchBox label="Search company, VAT id or email" value={q} onSearch={setQ} />
      <QueryState query={accounts.rows} loadingLabel="Loading trade accounts" emptyText={q ? 'No account matches that' : 'No application here'}>
        {(rows) => (
          <>
            <div id={ACCOUNT_LIST_ID}>
              <BusinessAccountsTable accounts={rows} />
            </div>
            <LoadMoreButton more={accounts.more} controls={ACCOUNT_LIST_ID} />
          </>
        )}
      </QueryState>
    </section>
  );
}
