import { useState } from 'react';
import type { Order } from '@voltline/shared/order';
import { useListAddress } from '../../../lib/list-address.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useAdminOrders } from '../../../features/orders/api/get-admin-orders.ts';
import { CancelOrderDialog } from '../../../features/orders/components/cancel-order-dialog.tsx';
import { DeliverOrderDialog } from '../../../features/orders/components/deliver-order-dialog.tsx';
import { ExportOrdersButton } from '../../../features/orders/components/export-orders-button.tsx';
import { OrderFilterButtons } from '../../../features/orders/components/order-filter-buttons.tsx';
import { OrderHistoryDialog } from '../../../features/orders/components/order-history-dialog.tsx';
import { OrdersTable, type OrderAction } from '../../../features/orders/components/orders-table.tsx';
import { ParcelsDialog } from '../../../features/orders/components/parcels-dialog.tsx';
import { RefundOrderDialog } from '../../../features/orders/components/refund-order-dialog.tsx';
import { ShipParcelDialog } from '../../../features/orders/components/ship-parcel-dialog.tsx';
import { ShopOverview } from '../../../features/orders/components/shop-overview.tsx';
import { filterOf, putFilter, type OrderFilter } from '../../../features/orders/order-filters.ts';
import type { Permission } from '@voltline/shared/staff-roles';
import { useStaffRoles } from '../../../lib/session/api/get-admin-status.ts';
import { OVERVIEW_PERMISSION } from '../../layout/back-office-pages.ts';

/** What each action needs (decision 063): anyone reading orders sees the page, each button only for the roles it is for. */
const ACTION_PERMISSIONS: Record<OrderAction, Permission> = { deliver: 'ship', ship: 'ship', parcels: 'ship', cancel: 'settings', refund: 'refunds', history: 'readOrders' };

const DIALOGS = { deliver: DeliverOrderDialog, ship: ShipParcelDialog, parcels: ParcelsDialog, cancel: CancelOrderDialog, refund: RefundOrderDialog, history: OrderHistoryDialog } as const;

/** Staff reading orders (decision 063): every order, filtered and searched a page at a time, with shipping, cancelling, refunds and history (product.md, "Screens" and "States"). */
export function ManageOrdersPage() {
  // Filter (?delivery=pending, ?status=unpaid), search and page live in the address, so a reload keeps the view.
  const address = useListAddress();
  const filter = filterOf(address.searchParams);
  const orders = useAdminOrders({ filter, q: address.q, cursor: address.cursor });
  const [openDialog, setOpenDialog] = useState<{ action: OrderAction; order: Order } | null>(null);
  const { may } = useStaffRoles();

  const showFilter = (next: OrderFilter) => address.refine((params) => putFilter(params, next));
  const Dialog = openDialog && DIALOGS[openDialog.action];

  return (
    <section className="flex flex-col gap-6">
      <h2 className="text-2xl font-bold">Manage All Orders</h2>
      {may(OVERVIEW_PERMISSION) && <ShopOverview ordersShown={!orders.isPending} />}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <OrderFilterButtons active={filter} onChoose={showFilter} />
        <div className="flex flex-wrap items-start gap-3">
          <SearchBox label="Search orders" value={address.q ?? ''} onSearch={address.search} />
          <ExportOrdersButton view={{ filter, q: address.q }} />
        </div>
      </div>
      <PagedTable page={orders} address={address} label="Order pages" loadingLabel="Loading orders" emptyText="No order found">
        {(listed) => <OrdersTable orders={listed} onAction={(action, order) => setOpenDialog({ action, order })} allows={(action) => may(ACTION_PERMISSIONS[action])} />}
      </PagedTable>
      {openDialog && Dialog && <Dialog order={openDialog.order} onClose={() => setOpenDialog(null)} />}
    </section>
  );
}
