import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Order } from '@voltline/shared/order';
import { QueryState } from '../../components/query-state.tsx';
import { useAdminOrders } from './api/get-admin-orders.ts';
import { CancelOrderDialog } from './components/cancel-order-dialog.tsx';
import { DeliverOrderDialog } from './components/deliver-order-dialog.tsx';
import { ExportOrdersButton } from './components/export-orders-button.tsx';
import { OrderFilterButtons } from './components/order-filter-buttons.tsx';
import { OrderHistoryDialog } from './components/order-history-dialog.tsx';
import { OrdersTable, type OrderAction } from './components/orders-table.tsx';
import { ShopOverview } from './components/shop-overview.tsx';
import { filterOf, queryOf, type OrderFilter } from './order-filters.ts';

const DIALOGS = { deliver: DeliverOrderDialog, cancel: CancelOrderDialog, history: OrderHistoryDialog } as const;

/** Admin: every order, filtered, with shipping, cancelling and each order's history (spec 2 and 4). */
export function ManageOrdersPage() {
  // The filter lives in the address (?delivery=pending, ?status=unpaid), so a reload keeps the view.
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterOf(searchParams);
  const orders = useAdminOrders(filter);
  const [openDialog, setOpenDialog] = useState<{ action: OrderAction; order: Order } | null>(null);

  // Replacing rather than pushing: the filters are views of one page, so Back leaves the page.
  const showFilter = (next: OrderFilter) => setSearchParams(queryOf(next), { replace: true });
  const Dialog = openDialog && DIALOGS[openDialog.action];

  return (
    <section className="flex flex-col gap-6">
      <h2 className="text-2xl font-bold">Manage All Orders</h2>
      <ShopOverview />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <OrderFilterButtons active={filter} onChoose={showFilter} />
        <ExportOrdersButton filter={filter} />
      </div>
      <QueryState query={orders} loadingLabel="Loading orders" emptyText="No order found">
        {(listed) => <OrdersTable orders={listed} onAction={(action, order) => setOpenDialog({ action, order })} />}
      </QueryState>
      {openDialog && Dialog && <Dialog order={openDialog.order} onClose={() => setOpenDialog(null)} />}
    </section>
  );
}
