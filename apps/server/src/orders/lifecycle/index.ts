/**
 * The one owner of an order's state, its stock and its money, a file per verb. Each transition
 * checks the state, changes it with a conditional update (so racing requests change an order
 * once), and writes the history row (history.ts) and the outbox messages (mail, webhooks: the
 * notifier's, built by notifications/notification-outbox.ts) in the same transaction. Nothing else
 * in the server writes orders.status, delivery, cancelled_at, refunded_amount,
 * tools.promised_quantity, tools.available_quantity, stock_movements, or order_events
 * (money-moves-here.test.ts).
 *
 * Stock is promised at payment: a payment is accepted only while available - promised covers the
 * order, decided by one conditional update of the tool's promised counter (atomic on PGlite and
 * PostgreSQL alike). Shipping moves the units out of both; a full refund before shipping frees
 * them (units.ts). Every change of the stock itself is a movement of the ledger, written with it
 * by moveStock (stock-moves.ts, decision 041): shipments, admins' receipts, counts and scraps.
 * Every change that may cross a line customers see (below the minimum, orderable again) tells it
 * in its transaction through stockSettled: low stock and back-in-stock alerts (decision 045).
 *
 * Locks are taken tool first, then order, by every transition that touches both (lockTool): a
 * tool's deletion locks the tool and then every order of it (cancelling some, detaching all), so
 * a payment, shipment or refund holding an order while it waits for the tool would deadlock it.
 */
import type { StockMoveRequest } from '@voltline/shared/stock-moves';
import type { DbTransaction } from '../../db/client.ts';
import { cancelling } from './cancel.ts';
import { findOrder, type Actor, type LifecycleDeps } from './context.ts';
import { deletingTool } from './delete-tool.ts';
import { expiring } from './expire.ts';
import { clearTaxRecords, forgetBuyer, openOrdersOfCustomer } from './forget.ts';
import { checkingPayable, paying } from './pay.ts';
import { recordingBankPayment, remindingOverdue } from './on-account.ts';
import { placing, placingLines } from './place.ts';
import { refunding } from './refund.ts';
import { answeringReturn, receivingReturn, refundingReturn, requestingReturn, returnWindow } from './returns.ts';
import { shipping, shippingParcel } from './ship.ts';
import { adjustStock, moveStock, recordingStockMove, setStockLevels, stockSettled, type StockLevel } from './stock-moves.ts';
import { lockStockLevels, orderableUnits, type ToolLevels } from './units.ts';

export type { Actor } from './context.ts';
export { returnDto, returnDtos } from './returns.ts';
export type { LinesRequest, OrderRequest } from './place.ts';
export { orderableUnitsOf, orderableUnitsSql } from './units.ts';
export { linesWithinStock, pastOnePayment } from './place.ts';
export { dayAfter, openOnAccount, openOnAccountCentsSql } from './on-account.ts';

export function createOrderLifecycle(deps: LifecycleDeps) {
  return {
    findOrder: (orderId: string) => findOrder(deps.db, orderId),
    orderableUnits: (toolId: string) => orderableUnits(deps.db, toolId),
    place: placing(deps),
    /** An order of several tools (the coming checkout of a cart); the spec's POST /purchased places one-line orders. */
    placeLines: placingLines(deps),
    checkPayable: checkingPayable(deps),
    pay: paying(deps),
    ship: shipping(deps),
    /** A parcel of some units of some lines, with its carrier and tracking (POST /adminPurchased/{id}/shipments). */
    shipParcel: shippingParcel(deps),
    /** Returns (decision 048): the buyer's request, an admin's answer, receipt (restock or scrap) and refund. */
    requestReturn: requestingReturn(deps),
    answerReturn: answeringReturn(deps),
    receiveReturn: receivingReturn(deps),
    refundReturn: refundingReturn(deps),
    /** When the withdrawal period and the warranty of an order's shipped units end. */
    returnWindow: (orderId: string) => returnWindow(deps.db, orderId, deps.returnTerms),
    cancel: cancelling(deps),
    deleteTool: deletingTool(deps),
    cancelExpired: expiring(deps),
    /** Paying on account (decision 060): an admin records a bank transfer; the job mails overdue reminders. */
    recordBankPayment: recordingBankPayment(deps),
    remindOverdue: remindingOverdue(deps),
    refund: refunding(deps),
    /** An admin's receipt, count or scrap (POST /admin/tools/{id}/stock-moves). */
    recordStockMove: recordingStockMove(deps),
    /** The same in the caller's transaction: the spec's tool edit records its stock as a count. */
    adjustStock: (tx: DbTransaction, admin: NonNullable<Actor>, toolId: string, request: StockMoveRequest, options?: { settle?: boolean }) =>
      adjustStock(deps, tx, admin, toolId, request, options),
    /** The tool's counters, its row locked for the change the caller is about to make (undefined: no such tool). */
    lockStockLevels: (tx: DbTransaction, toolId: string) => lockStockLevels(tx, toolId),
    /** Low stock and back-in-stock alerts of a change the caller made under that lock (the tool edit's stock and minimum). */
    stockSettled: (tx: DbTransaction, tool: Parameters<typeof stockSettled>[2], before: ToolLevels) => stockSettled(deps, tx, tool, before),
    /** Many tools' counted or opening stock at once, in a catalogue import's transaction (decision 053). */
    setStockLevels: (tx: DbTransaction, admin: NonNullable<Actor>, levels: StockLevel[], note: string) => setStockLevels(tx, admin, levels, note),
    /** A new tool's first stock, in the transaction that adds it (its stock starts at 0). */
    openStock: (tx: DbTransaction, toolId: string, units: number, actor: Actor) => moveStock(tx, { toolId, kind: 'opening', units, actor }),
    /** An erasure's part of the orders (decision 061), in its transaction: why it must wait, what it clears, and the end of its tax records. */
    openOrdersOfCustomer,
    forgetBuyer,
    clearTaxRecords,
  };
}
export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
