import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { entityIdSchema } from '@voltline/shared/id';
import { orderQuantityMessages, refundMessages, type placeOrderSchema } from '@voltline/shared/order';
import { formatPurchaseDate, PAYMENT_MAXIMUM } from '@voltline/shared/shop-constants';
import { stockBelowPromisedMessage, toolDeletionMessages, type ToolUpdate } from '@voltline/shared/tool';
import { clipText, TEXT_LIMITS } from '@voltline/shared/text-limits';
import type { Database, DbTransaction } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import { orderEvents, orders, paymentIntents, tools } from '../db/schema.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import type { JsonCache } from '../platform/cached-json.ts';
import type { InvoiceRegister } from '../invoices/invoice-register.ts';
import type { OrderNotifier } from '../notifications/order-notifier.ts';
import { paymentNotVerified, type GatewayIntent, type PaymentGateway } from '../payments/payment-gateway.ts';
import { orderJson, type OrderRow } from './order-dto.ts';

type ToolRow = typeof tools.$inferSelect;

/**
 * The one owner of an order's state, its stock and its money. Each transition checks the state,
 * changes it with a conditional update (so racing requests change an order once), and writes the
 * history row and the outbox messages (mail, webhooks) in the same transaction. Nothing else in
 * the server writes orders.status, delivery, cancelled_at, refunded_amount, tools.promised_quantity,
 * the stock an order moves, or order_events.
 *
 * Stock is promised at payment: a payment is accepted only while available - promised covers the
 * order, decided by one conditional update of the tool's promised counter (atomic on PGlite and
 * PostgreSQL alike). Shipping moves the units out of both; a full refund before shipping frees them.
 *
 * Locks are taken tool first, then order, by every transition that touches both (lockTool): a
 * tool's deletion locks the tool and then every order of it (cancelling some, detaching all), so
 * a payment, shipment or refund holding an order while it waits for the tool would deadlock it.
 */

/** Who acted; null when the shop itself did (a gateway's word, the expiry job). */
export type Actor = { userId: string; email: string } | null;
/** A placement as POST /purchased validated it; identity comes from the caller. */
export type OrderRequest = z.infer<typeof placeOrderSchema>;

type OrderEventType = (typeof orderEvents.$inferInsert)['type'];

/**
 * Whole dollars: the most one card payment takes ($999,999.99). An order past it could never be
 * paid, so it is refused when placed; the stock itself is not limited by it (issue 26). It also
 * keeps every total well inside the orders table's 32-bit integers.
 */
const MAX_ORDER_TOTAL = Math.floor(PAYMENT_MAXIMUM);
const DAY_MS = 24 * 60 * 60 * 1000;
const cents = (dollars: number) => dollars * 100;
const orderNotFound = () => notFound('Order not found');

/** What became of a payment the gateway reports as succeeded. */
export type PaymentOutcome =
  | { outcome: 'paid' | 'already recorded' | 'skipped' }
  /** The order could not take it (sold out meanwhile, or cancelled): the money went straight back. */
  | { outcome: 'refunded'; message: string };

export function createOrderLifecycle(deps: {
  db: Database;
  notifier: OrderNotifier;
  gateway: PaymentGateway;
  catalogueCache: JsonCache;
  /** Numbers an invoice with each payment and a credit note with each refund, in their transaction. */
  invoices: InvoiceRegister;
}) {
  const { db, notifier, gateway, catalogueCache, invoices } = deps;

  async function recordHistory(tx: DbTransaction, orderId: string, type: OrderEventType, actor: Actor, detail: string, at = new Date()) {
    await tx.insert(orderEvents).values({ orderId, type, actorUserId: actor?.userId ?? null, actorEmail: actor?.email ?? null, detail, at });
  }

  /** Any order by id, cancelled ones included; a malformed id is an order that does not exist. */
  async function findOrder(orderId: string): Promise<OrderRow> {
    const id = entityIdSchema.safeParse(orderId);
    if (!id.success) throw orderNotFound();
    const [row] = await db.select().from(orders).where(eq(orders.id, id.data));
    if (!row) throw orderNotFound();
    return row;
  }

  /** How many units customers can still order and pay for; never below zero. */
  async function orderableUnits(executor: Database | DbTransaction, toolId: string): Promise<number> {
    const [tool] = await executor
      .select({ orderable: sql<number>`greatest(${tools.availableQuantity} - ${tools.promisedQuantity}, 0)::int` })
      .from(tools)
      .where(eq(tools.id, toolId));
    return tool?.orderable ?? 0;
  }

  /**
   * Gives money back through the gateway, inside the transaction that records it: if the gateway
   * refuses, nothing is recorded. The key is derived from what was refunded before, so a retry of
   * the same refund after a lost answer is answered by the gateway with the first refund.
   */
  async function refundAtGateway(tx: DbTransaction, intentId: string, amount: number, idempotencyKey: string) {
    try {
      await gateway.refund({ intentId, amountCents: cents(amount), idempotencyKey });
    } catch {
      throw new AppError('conflict', 'The card provider did not take the refund just now, so nothing was refunded. Try again in a minute.');
    }
    await tx
      .update(paymentIntents)
      .set({ refundedCents: sql`${paymentIntents.refundedCents} + ${cents(amount)}` })
      .where(eq(paymentIntents.id, intentId));
  }

  /** Why a payment could not be taken, in the words the buyer reads ("your payment arrived after ..."). */
  const lateBecause = { soldOut: 'the last units were sold', withdrawn: 'the tool was withdrawn from sale', cancelled: 'the order was canceled' };

  /** The money of a payment the order could not take goes straight back; the order is closed as refunded. */
  async function refundLatePayment(tx: DbTransaction, refunded: OrderRow, intent: GatewayIntent, why: string): Promise<PaymentOutcome> {
    await refundAtGateway(tx, intent.id, refunded.price, `refund-late-${intent.id}`);
    await recordHistory(tx, refunded.id, 'refunded', null, `$${refunded.price} automatically: ${gateway.provider} payment ${intent.id} arrived after ${why}`);
    await notifier.refunded(tx, refunded, { amount: refunded.price, reason: `your payment arrived after ${why}` });
    return { outcome: 'refunded', message: `Your payment arrived after ${why}. It has been refunded in full.` };
  }

  /**
   * unpaid -> paid once the gateway says the intent succeeded, for this order and its amount, and
   * only while the stock not yet promised covers the order. When it does not (or the order was
   * cancelled meanwhile, or its tool deleted), `shortfall` decides: 'refuse' before the card is
   * charged (the built-in gateway), or 'refund' a charge that already happened (Stripe).
   */
  async function pay(
    intent: GatewayIntent,
    actor: Actor,
    options: { shortfall: 'refuse' | 'refund'; within?: (tx: DbTransaction) => Promise<'skip' | void> },
  ): Promise<PaymentOutcome> {
    const result = await db.transaction(async (tx): Promise<PaymentOutcome> => {
      if ((await options.within?.(tx)) === 'skip') return { outcome: 'skipped' };
      const [order] = await tx.select().from(orders).where(eq(orders.id, intent.orderId ?? ''));
      if (!order || !intent.succeeded || intent.amountCents !== cents(order.price)) throw paymentNotVerified();
      // A deletion under way finishes first, and this payment then finds the order cancelled. An
      // order no longer open to payment is not claimed below, so it needs no lock.
      if (order.status === 'unpaid' && !order.cancelledAt) await lockTool(tx, order.toolId, 'promise');
      const [claimed] = await tx
        .update(orders)
        // now(): the transaction's time, which the 'paid' event below records too.
        .set({ status: 'paid', transactionId: intent.id, delivery: 'pending', paidAt: sql`now()` })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid'), isNull(orders.cancelledAt)))
        .returning();
      if (claimed) {
        // An order whose tool is gone has no stock left to promise: the shop never takes money for units it does not have.
        const promised = claimed.toolId !== null && (await promiseUnits(tx, claimed.toolId, claimed.quantity));
        if (promised) {
          const { invoice, invoiced } = await invoices.issueInvoice(tx, claimed);
          await recordHistory(tx, claimed.id, 'paid', actor, `${gateway.provider} ${intent.id}, invoice ${invoice.number}`);
          await notifier.paid(tx, invoiced, invoice);
          return { outcome: 'paid' };
        }
        if (options.shortfall === 'refuse') {
          throw new AppError('conflict', claimed.toolId === null ? toolDeletionMessages.noLongerSold : orderQuantityMessages.onlyLeft(await orderableUnits(tx, claimed.toolId)));
        }
        const [refunded] = await tx
          .update(orders)
          .set({ status: 'refunded', refundedAmount: claimed.price, delivery: null, cancelledAt: new Date() })
          .where(eq(orders.id, claimed.id))
          .returning();
        return refundLatePayment(tx, refunded!, intent, claimed.toolId === null ? lateBecause.withdrawn : lateBecause.soldOut);
      }
      // Another confirmation got there first, or the order cannot be paid: read it as it is now.
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
      if (current?.transactionId === intent.id) return { outcome: 'already recorded' };
      if (current?.cancelledAt && current.status === 'unpaid') {
        if (options.shortfall === 'refuse') throw new AppError('conflict', 'This order was canceled.');
        const [refunded] = await tx
          .update(orders)
          .set({ status: 'refunded', transactionId: intent.id, refundedAmount: current.price, delivery: null })
          .where(and(eq(orders.id, current.id), eq(orders.status, 'unpaid'), isNotNull(orders.cancelledAt)))
          .returning();
        // A racing confirmation of the same intent refunded it first.
        if (!refunded) return { outcome: 'already recorded' };
        return refundLatePayment(tx, refunded, intent, lateBecause.cancelled);
      }
      throw new AppError('conflict', 'This order is already paid.');
    });
    if (result.outcome === 'paid') catalogueCache.invalidate();
    return result;
  }

  /**
   * The tool's row locked before any order of it (see the top of this file). 'promise' for a
   * transition that will change the tool's counters; 'keep' for one that only may, which leaves
   * payments of the tool free meanwhile and still makes a deletion wait for it, and it for a deletion.
   */
  async function lockTool(tx: DbTransaction, toolId: string | null, intent: 'promise' | 'keep') {
    if (toolId === null) return;
    await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for(intent === 'promise' ? 'no key update' : 'key share');
  }

  /** The payment's promise: one conditional update, so parallel payments never promise more than the stock. */
  async function promiseUnits(tx: DbTransaction, toolId: string, quantity: number): Promise<boolean> {
    const promised = await tx
      .update(tools)
      .set({ promisedQuantity: sql`${tools.promisedQuantity} + ${quantity}` })
      .where(and(eq(tools.id, toolId), sql`${tools.availableQuantity} - ${tools.promisedQuantity} >= ${quantity}`))
      .returning({ id: tools.id });
    return promised.length === 1;
  }

  /** unpaid -> cancelled for one order; a paid order is never cancelled here (refund it instead). */
  async function cancelUnpaid(tx: DbTransaction, orderId: string): Promise<OrderRow> {
    const [cancelled] = await tx
      .update(orders)
      .set({ cancelledAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid'), isNull(orders.cancelledAt)))
      .returning();
    if (cancelled) return cancelled;
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (current?.cancelledAt) throw new AppError('conflict', 'This order is already canceled.');
    throw new AppError('conflict', 'A paid order cannot be canceled: an admin can refund it.');
  }

  return {
    findOrder,
    orderableUnits: (toolId: string) => orderableUnits(db, toolId),

    /**
     * An admin's edit of a tool (PATCH /updateTool), the one stock write that is not an order's move.
     * One conditional update, so even beside a payment promising units at the same moment the stock
     * is never set below what paid orders were promised. Raising it (or leaving it) is always allowed,
     * so a shop that oversold before promises existed can still fix names and prices.
     */
    async editTool(toolId: string, edit: ToolUpdate): Promise<ToolRow> {
      const id = entityIdSchema.safeParse(toolId);
      if (!id.success) throw notFound('Tool not found');
      const [edited] = await db
        .update(tools)
        .set(edit)
        .where(
          and(
            eq(tools.id, id.data),
            sql`(${tools.promisedQuantity} <= ${edit.availableQuantity} or ${tools.availableQuantity} <= ${edit.availableQuantity})`,
          ),
        )
        .returning();
      if (edited) {
        catalogueCache.invalidate();
        return edited;
      }
      const [tool] = await db.select({ promised: tools.promisedQuantity }).from(tools).where(eq(tools.id, id.data));
      if (!tool) throw notFound('Tool not found');
      throw new AppError('conflict', stockBelowPromisedMessage(tool.promised));
    },

    /**
     * Places an order: quantity x the tool's current unit price, within the tool's minimum and what
     * can still be ordered. One SQL statement reads the tool, writes the order, its history row and
     * its webhook deliveries: atomic without a transaction, and a single round trip, which keeps
     * the embedded database responsive under many concurrent buyers. Prepared once per connection
     * on PostgreSQL: planning it each time was half of the database's work per order.
     */
    async place(caller: { userId: string; email: string; name: string }, request: OrderRequest, now = new Date()): Promise<{ acknowledged: true; insertedId: string }> {
      const toolId = request.toolId === undefined ? undefined : entityIdSchema.safeParse(request.toolId);
      if (toolId && !toolId.success) throw notFound('Tool not found');
      const whichTool = toolId ? sql`id = ${toolId.data}` : sql`tool_name = ${request.product}`;
      const quantity = request.quantity;
      // Beyond the 32-bit range no stock could hold it anyway; clamping keeps the SQL parameters valid.
      const sqlQuantity = Math.min(Math.max(quantity, -1), 2_147_483_647);
      // The account's name is copied into the order: one stored before names were bounded is cut to the limit.
      const buyer = clipText(caller.name, TEXT_LIMITS.personName);
      const [outcome] = await executePrepared<{ minimum: number; orderable: number; price: number; order_id: string | null }>(db, sql`
        with tool as (
          -- The lock the order's foreign key takes anyway, taken here first: a tool being deleted
          -- (deleteTool) is waited for and then not found, instead of failing the foreign key.
          select id, tool_name, img, price, minimum_order_quantity, greatest(available_quantity - promised_quantity, 0) as orderable
          from tools where ${whichTool}
          for key share
        ), placed as (
          insert into orders (tool_id, user_id, product, img, unit_price, quantity, price, buyer, buyer_email, phone, address, purchase_date, status, created_at)
          select id, ${caller.userId}, tool_name, img, price, ${sqlQuantity}, (${sqlQuantity}::bigint * price)::int, ${buyer}, ${caller.email},
                 ${request.phone}, ${request.address}, ${formatPurchaseDate(now)}, 'unpaid', ${now.toISOString()}::timestamptz
          from tool
          where ${sqlQuantity}::int between minimum_order_quantity and orderable
            and ${sqlQuantity}::bigint * price <= ${MAX_ORDER_TOTAL}
          returning *
        ), history as (
          insert into order_events (order_id, type, actor_user_id, actor_email, at)
          select id, 'placed', ${caller.userId}, ${caller.email}, ${now.toISOString()}::timestamptz from placed
        ), placed_mail as (
          -- The buyer's "order placed" mail, composed from the order when it is sent (notifications/mail-composer.ts).
          insert into notifications (channel, target, event_type, payload, next_attempt_at)
          select 'mail', buyer_email, 'order.placed', jsonb_build_object('to', buyer_email, 'compose', 'order-placed', 'orderId', id),
                 ${now.toISOString()}::timestamptz
          from placed
        ), event as (
          select gen_random_uuid() as id
        ), hooks as (
          -- The order.placed deliveries, in the same statement as the order (see notification-outbox.ts).
          insert into notifications (channel, target, event_type, payload, next_attempt_at)
          select 'webhook', endpoint.id::text, 'order.placed',
                 jsonb_build_object('id', event.id, 'type', 'order.placed', 'createdAt', ${now.toISOString()}::text, 'data', jsonb_build_object('order', ${orderJson('p')})),
                 ${now.toISOString()}::timestamptz
          from placed p cross join event join webhook_endpoints endpoint on endpoint.active and endpoint.events ? 'order.placed'
        )
        select minimum_order_quantity as minimum, orderable, price, (select id from placed) as order_id from tool
      `);
      if (!outcome) throw notFound('Tool not found');
      if (outcome.order_id) return { acknowledged: true, insertedId: outcome.order_id };
      if (quantity < outcome.minimum) throw new AppError('invalid_data', orderQuantityMessages.tooFew(outcome.minimum));
      if (quantity > outcome.orderable) throw new AppError('invalid_data', orderQuantityMessages.tooMany(outcome.orderable));
      throw new AppError('invalid_data', orderQuantityMessages.overOnePayment(outcome.price));
    },

    /**
     * Before the card form: an order can be paid only while it is unpaid, live, and the units not
     * yet promised cover it. Checked again, atomically, when the payment is confirmed.
     */
    async checkPayable(order: OrderRow): Promise<void> {
      if (order.cancelledAt) throw new AppError('conflict', 'This order was canceled.');
      if (order.status !== 'unpaid') throw new AppError('conflict', 'This order is already paid.');
      if (order.toolId === null) throw new AppError('conflict', toolDeletionMessages.noLongerSold);
      const orderable = await orderableUnits(db, order.toolId);
      if (orderable < order.quantity) throw new AppError('conflict', orderQuantityMessages.onlyLeft(orderable));
    },

    pay,

    /**
     * paid, pending -> shipped, and its units leave the stock and the promise together, in one
     * transaction. Both updates are conditional: concurrent ships can neither ship an order twice
     * nor take stock below zero (a shop that oversold before promises existed is refused here).
     */
    async ship(admin: Actor, orderId: string): Promise<{ acknowledged: true; modifiedCount: number }> {
      const order = await findOrder(orderId);
      const result = await db.transaction(async (tx) => {
        await lockTool(tx, order.toolId, 'promise');
        const [shipped] = await tx
          .update(orders)
          .set({ delivery: 'shipped' })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'paid'), eq(orders.delivery, 'pending'), isNull(orders.cancelledAt)))
          .returning();
        if (!shipped) {
          const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
          if (current?.delivery === 'shipped') throw new AppError('conflict', 'This order has already been shipped.');
          if (current?.status === 'refunded') throw new AppError('conflict', 'This order was refunded in full: there is nothing to ship.');
          throw new AppError('conflict', 'Only a paid order can be shipped.');
        }
        let detail = 'the tool is no longer in the catalogue: no stock moved';
        if (shipped.toolId) {
          const [lowered] = await tx
            .update(tools)
            .set({
              availableQuantity: sql`${tools.availableQuantity} - ${shipped.quantity}`,
              promisedQuantity: sql`${tools.promisedQuantity} - ${shipped.quantity}`,
            })
            .where(and(eq(tools.id, shipped.toolId), sql`${tools.availableQuantity} >= ${shipped.quantity}`))
            .returning();
          if (lowered) {
            await notifier.stockChanged(tx, lowered, lowered.availableQuantity + shipped.quantity);
            detail = `stock -${shipped.quantity}`;
          } else {
            const [tool] = await tx.select({ available: tools.availableQuantity }).from(tools).where(eq(tools.id, shipped.toolId));
            // Deleted while this shipment waited for its row: its units were promised, and deleteTool
            // made sure the stock held every promise, so it ships like any order of a deleted tool.
            if (tool) {
              throw new AppError(
                'conflict',
                `Not enough stock to ship: ${shipped.quantity} ordered, ${tool.available} available. Restock the tool first, or refund the order.`,
              );
            }
          }
        }
        await recordHistory(tx, shipped.id, 'shipped', admin, detail);
        await notifier.shipped(tx, shipped);
        return { acknowledged: true as const, modifiedCount: 1 };
      });
      // The catalogue shows stock: it must not keep the old figure.
      catalogueCache.invalidate();
      return result;
    },

    /**
     * unpaid -> cancelled, recorded with who did it. The order stays as a record; the status
     * condition makes a payment that lands at the same moment win: a paid order is never cancelled.
     */
    async cancel(actor: NonNullable<Actor>, orderId: string, who: 'buyer' | 'admin'): Promise<{ acknowledged: true; deletedCount: number }> {
      return db.transaction(async (tx) => {
        const cancelled = await cancelUnpaid(tx, orderId);
        await recordHistory(tx, orderId, 'cancelled', actor, who === 'buyer' ? 'by the buyer' : 'by an admin');
        await notifier.cancelled(tx, cancelled, who === 'buyer' ? 'at your request' : 'by the shop');
        return { acknowledged: true as const, deletedCount: 1 };
      });
    },

    /**
     * DELETE /deleteTool/{id}: the tool leaves the catalogue and sells nothing more. Its unpaid orders
     * are cancelled in the same transaction (history and the buyers' mail included), so none can be
     * paid afterwards; its paid, unshipped orders stay shippable, which is why a tool whose stock no
     * longer covers what they were promised is refused (product.md, "States"). The tool row is
     * locked first (lockTool): placements, payments, shipments and refunds of it wait, then find it gone.
     */
    async deleteTool(admin: NonNullable<Actor>, toolId: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const id = entityIdSchema.safeParse(toolId);
      if (!id.success) throw notFound('Tool not found');
      const result = await db.transaction(async (tx) => {
        const [tool] = await tx.select().from(tools).where(eq(tools.id, id.data)).for('update');
        if (!tool) throw notFound('Tool not found');
        if (tool.promisedQuantity > tool.availableQuantity) {
          throw new AppError('conflict', toolDeletionMessages.owesUnits(tool.promisedQuantity, tool.availableQuantity));
        }
        const now = new Date();
        const cancelled = await tx
          .update(orders)
          .set({ cancelledAt: now })
          .where(and(eq(orders.toolId, tool.id), eq(orders.status, 'unpaid'), isNull(orders.cancelledAt)))
          .returning();
        for (const order of cancelled) {
          await recordHistory(tx, order.id, 'cancelled', admin, 'the tool was deleted from the catalogue', now);
          await notifier.cancelled(tx, order, 'because the tool is no longer sold');
        }
        // The orders keep their own snapshot of the tool; their tool_id becomes null (decision 003).
        await tx.delete(tools).where(eq(tools.id, tool.id));
        return { acknowledged: true as const, deletedCount: 1 };
      });
      catalogueCache.invalidate();
      return result;
    },

    /** Unpaid orders older than the given number of days are cancelled by the shop itself. Returns how many. */
    async cancelExpired(maxAgeDays: number, now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - maxAgeDays * DAY_MS);
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(orders)
          .set({ cancelledAt: now })
          .where(and(eq(orders.status, 'unpaid'), isNull(orders.cancelledAt), lt(orders.createdAt, cutoff)))
          .returning();
        for (const order of expired) {
          await recordHistory(tx, order.id, 'cancelled', null, `expired: unpaid for more than ${maxAgeDays} days`, now);
          await notifier.cancelled(tx, order, `because it stayed unpaid for more than ${maxAgeDays} days`);
        }
        return expired.length;
      });
    },

    /**
     * Gives some or all of a paid order's money back through the gateway. In full before shipping,
     * the order is cancelled and its promised units go back on sale; after shipping nothing is
     * restocked (the goods are with the customer). The order row is locked for the whole refund,
     * so two admins refunding at once can never give back more than was paid.
     */
    async refund(admin: NonNullable<Actor>, orderId: string, request: { amount?: number; reason: string }) {
      const found = await findOrder(orderId);
      const result = await db.transaction(async (tx) => {
        // 'keep': most refunds leave the counters alone, and the gateway is called with the locks held.
        await lockTool(tx, found.toolId, 'keep');
        const [order] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update');
        if (!order || order.status === 'unpaid' || !order.transactionId) throw new AppError('conflict', refundMessages.unpaid);
        if (order.status === 'refunded') throw new AppError('conflict', refundMessages.alreadyRefunded);
        const left = order.price - order.refundedAmount;
        const amount = request.amount ?? left;
        if (amount > left) throw new AppError('conflict', refundMessages.pastTotal(left));
        const inFull = amount === left;
        const freesUnits = inFull && order.delivery === 'pending';
        const [refunded] = await tx
          .update(orders)
          .set({
            refundedAmount: order.refundedAmount + amount,
            status: inFull ? 'refunded' : 'paid',
            ...(freesUnits ? { cancelledAt: new Date() } : {}),
          })
          .where(and(eq(orders.id, order.id), eq(orders.refundedAmount, order.refundedAmount)))
          .returning();
        let consequence = order.delivery === 'shipped' ? 'shipped: nothing restocked' : 'not shipped yet';
        if (freesUnits) {
          consequence = 'order canceled';
          if (order.toolId) {
            await tx
              .update(tools)
              .set({ promisedQuantity: sql`${tools.promisedQuantity} - ${order.quantity}` })
              .where(eq(tools.id, order.toolId));
            consequence += `, ${order.quantity} units back on sale`;
          }
        }
        await refundAtGateway(tx, order.transactionId, amount, `refund-${order.id}-${order.refundedAmount}-${amount}`);
        const creditNote = await invoices.issueCreditNote(tx, refunded!, { amount, reason: request.reason });
        const documented = creditNote ? `, credit note ${creditNote.number}` : '';
        await recordHistory(tx, order.id, 'refunded', admin, `$${amount} of $${order.price} (${consequence}${documented}): ${request.reason}`);
        await notifier.refunded(tx, refunded!, { amount, reason: request.reason }, creditNote);
        return { acknowledged: true as const, refundedAmount: refunded!.refundedAmount, status: refunded!.status, freesUnits };
      });
      if (result.freesUnits) catalogueCache.invalidate();
      return { acknowledged: result.acknowledged, refundedAmount: result.refundedAmount, status: result.status };
    },
  };
}
export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
