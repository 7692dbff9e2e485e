import { useState } from 'react';
import type { OrderOnAccount } from '@voltline/shared/on-account';
import { ChoiceButtons } from '../../../components/choice-buttons.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOrdersOnAccount } from '../../../features/trade/api/orders-on-account.ts';
import { BankPaymentDialog } from '../../../features/trade/components/bank-payment-dialog.tsx';
import { OrdersOnAccountTable } from '../../../features/trade/components/orders-on-account-table.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

const LIST_ID = 'orders-on-account-list';
const VIEWS = [
  { value: false, label: 'All open' },
  { value: true, label: 'Overdue' },
] as const;

/** Admin: orders on account not yet paid (decision 060), soonest due first, or only the overdue ones; bank payments recorded here. */
export function OrdersOnAccountPage() {
  const [overdue, setOverdue] = useState(false);
  const orders = useOrdersOnAccount(overdue);
  // The dialog lives here: a paid order leaves the list, and the table with its last row.
  const [recording, setRecording] = useState<OrderOnAccount | null>(null);
  return (
    <DashboardPage title="Orders on account">
      <ChoiceButtons label="Show orders" choices={VIEWS} value={overdue} onChoose={setOverdue} />
      <QueryState query={orders.rows} loadingLabel="Loading orders on account" emptyText={overdue ? 'No order on account is overdue' : 'No order on account is open'}>
        {(rows) => (
          <>
            <div id={LIST_ID}>
              <OrdersOnAccountTable orders={rows} onRecord={setRecording} />
            </div>
            <LoadMoreButton more={orders.more} controls={LIST_ID} />
          </>
        )}
      </QueryState>
      {recording && <BankPaymentDialog order={recording} onClose={() => setRecording(null)} />}
    </DashboardPage>
  );
}
