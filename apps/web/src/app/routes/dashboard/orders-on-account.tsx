import { useState } from 'react';
import type { OrderOnAccount } from '@voltline/shared/on-account';
import { ChoiceButtons } from '../../../components/choice-buttons.tsx';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { useOrdersOnAccount } from '../../../features/trade/api/orders-on-account.ts';
import { BankPaymentDialog } from '../../../features/trade/components/bank-payment-dialog.tsx';
import { OrdersOnAccountTable } from '../../../features/trade/components/orders-on-account-table.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

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
      <LoadMoreList list={orders} loadingLabel="Loading orders on account" emptyText={overdue ? 'No order on account is overdue' : 'No order on account is open'}>
        {(rows) => <OrdersOnAccountTable orders={rows} onRecord={setRecording} />}
      </LoadMoreList>
      {recording && <BankPaymentDialog order={recording} onClose={() => setRecording(null)} />}
    </DashboardPage>
  );
}
