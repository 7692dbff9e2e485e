import { and, eq, lt } from 'drizzle-orm';
import { fromCents, toCents } from '@voltline/shared/money';
import type { BankPayment, OrderOnAccount, OrdersOnAccountQuery } from '@voltline/shared/on-account';
import type { Order } from '@voltline/shared/order';
import { formatOrderNumber } from '@voltline/shared/order-number';
import type { Database } from '../db/client.ts';
import { businessAccounts, orders } from '../db/schema.ts';
import type { Caller } from '../identity/caller.ts';
import { dayAfter, openOnAccount, type OrderLifecycle } from '../orders/lifecycle/index.ts';
import { orderWithLines } from '../orders/order-dto.ts';
import { mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Soonest due first: the overdue ones lead (orders_on_account_open_due_idx, keyset on payment_due_on, id). */
const soonestDueFirst: KeysetOrder = { key: orders.paymentDueOn, keyType: 'date', id: orders.id, idType: 'uuid', direction: 'asc' };

/**
 * The admins' side of paying on account (decision 060): the open orders on account, soonest due
 * first (overdue only, on request), and the bank transfers they record; the lifecycle moves the money.
 */
export function createOnAccountService({ db, paging, lifecycle }: { db: Database; paging: Paging; lifecycle: OrderLifecycle }) {
  return {
    async list(query: OrdersOnAccountQuery, now = new Date()): Promise<Page<OrderOnAccount>> {
      const today = dayAfter(now, 0);
      const page = paging.page({ list: 'orders-on-account', order: soonestDueFirst, scope: { overdue: query.overdue }, query: { ...query, q: undefined } });
      const select = db
        .select({ order: orders, companyName: businessAccounts.companyName, cursorKey: page.cursorKey })
        .from(orders)
        .leftJoin(businessAccounts, eq(businessAccounts.customerId, orders.userId))
        .$dynamic();
      const overdue = query.overdue === 'true' ? lt(orders.paymentDueOn, today) : undefined;
      return mapPage(
        await page.read(select, and(openOnAccount, overdue), (row) => row.order.id),
        ({ order, companyName }): OrderOnAccount => ({
          _id: order.id,
          orderNumber: formatOrderNumber(order.number),
          invoiceNumber: order.invoiceNumber,
          companyName,
          buyerEamil: order.buyerEamil,
          purchaseOrderNumber: order.purchaseOrderNumber,
          total: fromCents(order.priceCents),
          paid: fromCents(order.bankPaidCents),
          outstanding: fromCents(order.priceCents - order.bankPaidCents),
          dueOn: order.paymentDueOn!,
          daysOverdue: Math.max(0, Math.round((Date.parse(today) - Date.parse(order.paymentDueOn!)) / DAY_MS)),
          remindersSent: order.remindersSent,
        }),
      );
    },

    /** POST /api/admin/orders/{id}/bank-payments: the order as it now reads (paid once the whole is in). */
    async recordBankPayment(admin: Caller, orderId: string, payment: BankPayment): Promise<Order> {
      const order = await lifecycle.recordBankPayment(admin, orderId, { amountCents: toCents(payment.amount), reference: payment.reference });
      return orderWithLines(db, order);
    },

    /** The hourly job: the overdue reminders due now. */
    remindOverdue: (now = new Date()) => lifecycle.remindOverdue(now),
  };
}
export type OnAccountService = ReturnType<typeof createOnAccountService>;
