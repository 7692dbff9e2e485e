import { sql } from 'drizzle-orm';
import { fromCents } from '@voltline/shared/money';
import type { Return, ReturnStatus } from '@voltline/shared/returns';
import type { Shipment } from '@voltline/shared/shipments';
import { fellBelowMinimum, toLowStockTool, type StockFacts, type StockLevelsBefore } from '../orders/low-stock.ts';
import type { DbExecutor } from '../db/client.ts';
import type { OrderNotifier } from '../orders/lifecycle/collaborators.ts';
import type { OrderRow } from '../orders/order-dto.ts';
import { linesOfOrders, orderJson, toOrderDto, type OrderLineRow } from '../orders/order-dto.ts';
import { recordMails, recordShopEvent, shopEventRows } from './notification-outbox.ts';
import type { CreditNoteRow, InvoiceRow } from '../invoices/invoice-register.ts';
import type { OrderMail } from './order-mail.ts';


/**
 * What each order change tells the buyer, the shop (SHOP_NOTIFY_EMAIL) and subscribed systems.
 * Every method runs inside the transaction of the change.
 */
/** The reference a mail keeps to a document it carries. */
const attachment = (kind: 'invoice' | 'credit_note', document: InvoiceRow | CreditNoteRow | undefined) =>
  document && { kind, id: document.id, number: document.number };

/** The order with its lines as the change's transaction sees them: for the webhook payload and the mail alike. */
async function withLines(executor: DbExecutor, order: OrderRow) {
  const lines: OrderLineRow[] = (await linesOfOrders(executor, [order.id])).get(order.id) ?? [];
  const dto = toOrderDto(order, lines);
  // The mail reads the order as the API answers it (amounts in dollars), with its id.
  return { dto, facts: { ...dto, id: order.id } };
}

export function createOrderNotifier(orderMail: OrderMail, shopNotifyEmail: string | undefined): OrderNotifier {
  const toShop = <T>(build: (email: string) => T): T[] => (shopNotifyEmail ? [build(shopNotifyEmail)] : []);
  return {
    /**
     * The outbox rows of the order that the placing statement inserts (its CTE `placed`, decision
     * 016), as SQL for that statement. The buyer's mail is composed from the order when it is sent
     * (mail-composer.ts): the order exists only inside the statement.
     */
    placedRows: (placed: 'placed', placedLines: string, figures: Parameters<typeof orderJson>[2], now: Date) =>
      shopEventRows(
        {
          type: 'order.placed',
          data: sql`jsonb_build_object('order', ${orderJson(placed, placedLines, figures)})`,
          mails: sql.raw(`jsonb_build_array(jsonb_build_object('to', ${placed}.buyer_email, 'compose', 'order-placed', 'orderId', ${placed}.id))`),
        },
        now,
        sql.raw(placed),
      ),
    /** The buyer's mail carries the invoice issued with the payment. */
    paid: async (executor: DbExecutor, order: OrderRow, invoice?: InvoiceRow) => {
      const { dto, facts } = await withLines(executor, order);
      await recordShopEvent(executor, {
        type: 'order.paid',
        data: { order: dto },
        mails: [orderMail.paymentReceived(facts, attachment('invoice', invoice)), ...toShop((email) => orderMail.newPaidOrder(email, facts))],
      });
    },
    /** One mail per parcel; `order.shipped` still fires once, with the order's last unit, as it did before parcels. */
    shipmentCreated: async (executor: DbExecutor, order: OrderRow, shipment: Shipment, complete: boolean) => {
      const { dto, facts } = await withLines(executor, order);
      await recordShopEvent(executor, { type: 'shipment.created', data: { order: dto, shipment }, mails: [orderMail.shipped(facts, shipment, complete)] });
      if (complete) await recordShopEvent(executor, { type: 'order.shipped', data: { order: dto }, mails: [] });
    },
    cancelled: async (executor: DbExecutor, order: OrderRow, reason: string) => {
      const { dto, facts } = await withLines(executor, order);
      await recordShopEvent(executor, { type: 'order.cancelled', data: { order: dto, reason }, mails: [orderMail.cancelled(facts, reason)] });
    },
    overdue: async (executor: DbExecutor, order: OrderRow, { daysOverdue, invoice }: { daysOverdue: number; invoice: { id: string; number: string } | undefined }) => {
      const { facts } = await withLines(executor, order);
      await recordMails(executor, 'order.overdue', [orderMail.overdue(facts, daysOverdue, invoice && { kind: 'invoice', ...invoice })]);
    },
    /** Money given back: this refund's cents, and why; the buyer's mail and the webhook say it in dollars. */
    refunded: async (executor: DbExecutor, order: OrderRow, { amountCents, reason }: { amountCents: number; reason: string }, creditNote?: CreditNoteRow) => {
      const { dto, facts } = await withLines(executor, order);
      const refund = { amount: fromCents(amountCents), reason };
      await recordShopEvent(executor, {
        type: 'order.refunded',
        data: { order: dto, refund },
        mails: [orderMail.refunded(facts, refund, attachment('credit_note', creditNote))],
      });
    },
    /** Each step of a return mails the buyer; requested, received and refunded are webhooks too. */
    returnChanged: async (executor: DbExecutor, order: OrderRow, ret: Return, step: ReturnStatus) => {
      const { dto, facts } = await withLines(executor, order);
      const mails = [orderMail.returnStep(facts, ret, step), ...(step === 'requested' ? toShop((email) => orderMail.returnRequested(email, facts, ret)) : [])];
      if (step === 'requested' || step === 'received' || step === 'refunded') {
        await recordShopEvent(executor, { type: `return.${step}`, data: { order: dto, return: ret }, mails });
      } else {
        await recordMails(executor, `return.${step}`, mails);
      }
    },
    /** Only when a change takes the stock from enough to below the minimum, not on every later sale. */
    async stockChanged(executor: DbExecutor, tool: StockFacts, before: StockLevelsBefore) {
      if (!fellBelowMinimum(tool, before)) return;
      await recordShopEvent(executor, {
        type: 'tool.stock_low',
        data: { tool: toLowStockTool(tool) },
        mails: toShop((email) => orderMail.stockLow(email, tool)),
      });
    },
  };
}
