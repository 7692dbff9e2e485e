import { formatMoney } from '@voltline/shared/money';
import type { OrderOnAccount } from '@voltline/shared/on-account';
import { DataTable } from '../../../components/data-table.tsx';

const COLUMNS = ['Order', 'Company', 'Due', 'Total', 'Received', 'Still open', 'Actions'];

/** When it is due, and how late it is: the reminders mailed so far say how far the shop has got. */
function dueWords(order: OrderOnAccount): string {
  if (order.daysOverdue === 0) return order.dueOn;
  const reminders = order.remindersSent === 0 ? '' : `, ${order.remindersSent} reminder${order.remindersSent === 1 ? '' : 's'} sent`;
  return `${order.dueOn} (${order.daysOverdue} days overdue${reminders})`;
}

/** The open orders on account (decision 060), soonest due first; each takes a bank payment. */
export function OrdersOnAccountTable({ orders, onRecord }: { orders: OrderOnAccount[]; onRecord: (order: OrderOnAccount) => void }) {
  return (
    <DataTable caption="Orders on account" columns={COLUMNS}>
      {orders.map((order) => (
        <tr key={order._id} data-testid="order-on-account-row" className={order.daysOverdue > 0 ? 'text-error' : undefined}>
          <td>
            <span className="font-semibold">{order.orderNumber}</span>
            <br />
            <span className="text-sm">{order.invoiceNumber}</span>
            {order.purchaseOrderNumber && <p className="text-sm">{`PO ${order.purchaseOrderNumber}`}</p>}
          </td>
          <td>
            {order.companyName}
            <br />
            <span className="text-sm">{order.buyerEamil}</span>
          </td>
          <td>{dueWords(order)}</td>
          <td>{formatMoney(order.total)}</td>
          <td>{formatMoney(order.paid)}</td>
          <td>{formatMoney(order.outstanding)}</td>
          <td>
            <button type="button" className="btn btn-primary btn-xs" aria-label={`Record bank payment for order ${order.orderNumber}`} onClick={() => onRecord(order)}>
              Record payment
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
