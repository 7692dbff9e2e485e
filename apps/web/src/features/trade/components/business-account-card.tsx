import { useState } from 'react';
import { businessAccountMessages, businessAccountStateWords, type BusinessAccount } from '@voltline/shared/business-accounts';
import { countryName } from '@voltline/shared/country-names';
import { formatShortDate } from '@voltline/shared/shop-constants';
import { QueryState } from '../../../components/query-state.tsx';
import { useClientConfig } from '../../../lib/client-config.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useApplyForBusinessAccount, useOwnBusinessAccount } from '../api/own-business-account.ts';
import { BusinessAccountForm } from './business-account-form.tsx';

const STATE_BADGES: Record<BusinessAccount['state'], string> = { pending: 'badge-warning', approved: 'badge-success', refused: 'badge-error' };

/** What the customer's account says about their company, and what it means at checkout. */
function AccountFacts({ account }: { account: BusinessAccount }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>
        <span className={`badge ${STATE_BADGES[account.state]}`}>{businessAccountStateWords[account.state]}</span>{' '}
        <span className="font-semibold">{account.companyName}</span>, VAT id <span className="font-mono">{account.vatId}</span>
      </p>
      <p>
        {account.billingStreet}, {account.billingPostcode} {account.billingCity}, {countryName(account.billingCountry)}
      </p>
      {account.state === 'approved' && (
        <p>Checkout uses this VAT id: orders delivered to another EU country are a reverse charge (no VAT), and your invoices name the company.</p>
      )}
      {account.state === 'pending' && <p>Applied on {formatShortDate(account.appliedAt)}: you will get a mail when the shop has decided.</p>}
      {account.state === 'refused' && <p role="status">Refused: {account.refusalReason}</p>}
    </div>
  );
}

/** My Profile's business account (issue 39): apply, see the state, apply again after a refusal. */
export function BusinessAccountCard() {
  const account = useOwnBusinessAccount();
  const config = useClientConfig();
  const [applying, setApplying] = useState(false);
  const apply = useApplyForBusinessAccount();
  const applyFor = (application: Parameters<typeof apply.mutate>[0]) =>
    apply.mutate(application, {
      onSuccess: () => {
        setApplying(false);
        toast.success(businessAccountMessages.applied);
      },
    });
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="business-account-heading">
      <div className="card-body gap-3">
        <h3 id="business-account-heading" className="text-lg font-semibold">
          Business account
        </h3>
        <QueryState query={account} loadingLabel="Loading your business account">
          {(own) => (
            <>
              {own ? <AccountFacts account={own} /> : <p className="text-sm">Buying for a company? Apply with its VAT id: once the shop approves it, orders to other EU countries carry no VAT.</p>}
              {own?.state !== 'approved' && own?.state !== 'pending' && !applying && (
                <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => setApplying(true)}>
                  {own ? 'Apply again' : 'Apply for a business account'}
                </button>
              )}
              {applying && own?.state !== 'pending' && config.data && <BusinessAccountForm account={own} shopCountry={config.data.shopCountry} apply={apply} onApply={applyFor} />}
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}
