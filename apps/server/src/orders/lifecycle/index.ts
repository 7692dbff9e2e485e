/**
 * The one owner of an order's state, its stock and its money, a file per verb. Each transition
 * checks the state, changes it with a conditional update (so racing requests change an order
 * once), and writes the history row (history.ts) and the outbox messages (mail, webhooks: the
 * notifier's, built by notifications/notification-outbox.ts) in the same transaction. Nothing else
 * in the server writes orders.status, delivery, cancelled_at, refunded_amount,
 * tools.promised_quantity, the stock an order moves, or order_events (money-moves-here.test.ts).
 *
 * Stock is promised at payment: a payment is accepted only while available - promised covers the
 * order, decided by one conditional update of the tool's promised counter (atomic on PGlite and
 * PostgreSQL alike). Shipping moves the units out of both; a full refund before shipping frees
 * them (units.ts).
 *
 * Locks are taken tool first, then order, by every transition that touches both (lockTool): a
 * tool's deletion locks the tool and then every order of it (cancelling some, detaching all), so
 * a payment, shipment or refund holding an order while it waits for the tool would deadlock it.
 */
import { cancelling } from './cancel.ts';
import { findOrder, type LifecycleDeps } from './context.ts';
import { deletingTool } from './delete-tool.ts';
import { expiring } from './expire.ts';
import { checkingPayable, paying } from './pay.ts';
import { placing, placingLines } from './place.ts';
import { refunding } from './refund.ts';
import { shipping } from './ship.ts';
import { orderableUnits } from './units.ts';

export type { Actor } from './context.ts';
export type { LinesRequest, OrderRequest } from './place.ts';
export { orderableUnitsOf, orderableUnitsSql, unitsHeldByPaidOrders } from './units.ts';
export { linesWithinStock, pastOnePayment } from './place.ts';

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
    cancel: cancelling(deps),
    deleteTool: deletingTool(deps),
    cancelExpired: expiring(deps),
    refund: refunding(deps),
  };
}
export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
