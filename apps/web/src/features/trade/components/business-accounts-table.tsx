import { businessAccountStateWords, type BusinessAccount } from '@voltline/shared/business-accounts';
import { countryName } from '@voltline/shared/country-names';
import { formatMoney } from '@voltline/shared/money';
import { formatShortDate } from '@voltline/shared/shop-constants';
import { DataTable } from '../../../components/data-table.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import type { useDecideBusinessAccount } from '../api/business-accounts.ts';

const COLUMNS = ['Company', 'VAT id', 'Billing address', 'Applied', 'State', 'Actions'];

const CHECK_WORDS = { valid: 'VIES: registered', invalid: 'VIES: not registered', unavailable: 'VIES: could not be reached' } as const;

/** What the admin knows of the VAT id: the latest check (when, and its consultation number), or a confirmation by hand. */
function vatIdStanding(account: BusinessAccount): string {
  if (account.vatConfirmation) return `Confirmed by ${account.vatConfirmation.confirmedBy} on ${formatShortDate(account.vatConfirmation.confirmedAt)}`;
  const check = account.lastVatCheck;
  if (!check) return 'Not checked';
  return `${CHECK_WORDS[check.result]} on ${formatShortDate(check.checkedAt)}${check.consultationNumber ? ` (${check.consultationNumber})` : ''}`;
}

/** What an approved account may do at checkout (decision 060): pay on account within its limit, or card only. */
function termsWords({ paymentTerms }: BusinessAccount): string {
  if (paymentTerms.creditLimit === 0) return 'Card only';
  return `On account: ${paymentTerms.netDays} days, limit ${formatMoney(paymentTerms.creditLimit)} (${formatMoney(paymentTerms.openOnAccount)} open)`;
}

/** What the page asks about in a dialog: a decision that needs words (a refusal, a confirmation by hand), or the payment terms. */
export type AskedDecision = { account: BusinessAccount; decision: 'refuse' | 'confirm-vat-id' | 'payment-terms' };

interface BusinessAccountsTableProps {
  accounts: BusinessAccount[];
  /** The page's: an approved account leaves the waiting ones' list, and the table with it when it was the last. */
  decide: ReturnType<typeof useDecideBusinessAccount>;
  onApprove: (account: BusinessAccount) => void;
  onAsk: (asked: AskedDecision) => void;
}

/** The Trade accounts page's applications: approve or refuse a waiting one, confirm an approved one's VAT id by hand. */
export function BusinessAccountsTable({ accounts, decide, onApprove, onAsk }: BusinessAccountsTableProps) {
  return (
    <DataTable caption="Trade accounts" columns={COLUMNS}>
        {accounts.map((account) => (
          <tr key={account._id} data-testid="business-account-row">
            <td>
              <span className="font-semibold">{account.companyName}</span>
              <br />
              <span className="text-sm">{account.email}</span>
              {account.note && <p className="text-sm italic">{account.note}</p>}
            </td>
            <td>
              <span className="font-mono">{account.vatId}</span>
              <br />
              <span className="text-sm">{vatIdStanding(account)}</span>
            </td>
            <td>
              {account.billingStreet}, {account.billingPostcode} {account.billingCity}, {countryName(account.billingCountry)}
            </td>
            <td>{formatShortDate(account.appliedAt)}</td>
            <td>
              {businessAccountStateWords[account.state]}
              {account.refusalReason && <p className="text-sm">{account.refusalReason}</p>}
              {account.state === 'approved' && <p className="text-sm">{termsWords(account)}</p>}
            </td>
            <td>
              <div className="flex flex-wrap gap-1">
                {account.state === 'pending' && (
                  <>
                    <PendingButton
                      type="button"
                      className="btn btn-primary btn-xs"
                      aria-label={`Approve ${account.companyName}`}
                      pending={decide.isPending && decide.variables.accountId === account._id}
                      spinnerSize="xs"
                      onClick={() => onApprove(account)}
                    >
                      Approve
                    </PendingButton>
                    <button type="button" className="btn btn-error btn-xs" aria-label={`Refuse ${account.companyName}`} onClick={() => onAsk({ account, decision: 'refuse' })}>
                      Refuse
                    </button>
                  </>
                )}
                {account.state === 'approved' && (
                  <button type="button" className="btn btn-xs" aria-label={`Payment terms of ${account.companyName}`} onClick={() => onAsk({ account, decision: 'payment-terms' })}>
                    Payment terms
                  </button>
                )}
                {account.state === 'approved' && !account.vatConfirmation && (
                  <button type="button" className="btn btn-xs" aria-label={`Confirm the VAT id of ${account.companyName} by hand`} onClick={() => onAsk({ account, decision: 'confirm-vat-id' })}>
                    Confirm VAT id
                  </button>
                )}
              </div>
            </td>
          </tr>
        ))}
    </DataTable>
  );
}
