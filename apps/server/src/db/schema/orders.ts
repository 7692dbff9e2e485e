import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StoredPricing } from '@voltline/shared/pricing';
import { STOCK_MOVE_KINDS } from '@voltline/shared/stock-moves';
import { textLengthChecks } from '../text-columns.ts';
import { tools } from './catalogue.ts';
import { belongsTo, createdAt, randomId, readableNumber } from './columns.ts';
import { accountErasures } from './erasures.ts';
import { authUsers } from './identity.ts';

/**
 * The orders' numbers people read (`VL-10042`, issue 43): a sequence, so concurrent placements on any
 * number of instances each take their own. Unlike invoices, a skipped number (a placement rolled back)
 * is harmless: an order number only has to be short and unique, not without gaps.
 */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 10001 });

export const orders = pgTable(
  'orders',
  {
    id: randomId(),
    /** The number the buyer and the shop name the order by, shown as `VL-<number>`; `id` stays the API's key. */
    number: readableNumber(orderNumberSequence, 'orders_number_unique'),
    /** Null once the tool is deleted: the order keeps its own snapshot below. */
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'set null' }),
    /** The buyer's identity; null only if the account is later deleted (the order stays on record). */
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    product: text('product').notNull(),
    img: text('img').notNull(),
    /** The first line's unit price, in cents (the spec's field, a summary of the lines). */
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** What is to be paid, in cents, computed by the server. */
    priceCents: integer('price_cents').notNull(),
    buyer: text('buyer').notNull(),
    buyerEamil: text('buyer_email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    purchaseDate: text('purchase_date').notNull(),
    status: text('status', { enum: ['unpaid', 'paid', 'refunded'] }).notNull().default('unpaid'),
    transactionId: text('transaction_id').unique(),
    delivery: text('delivery', { enum: ['pending', 'shipped'] }),
    /** Cents given back to the buyer so far; status is 'refunded' once it reaches the total. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * The number of the order's invoice (invoices.number), written in the transaction that issues it:
     * every order list answers it without a join. Null until paid, and for orders that never got one
     * (paid before the shop issued invoices, or refunded the moment their payment arrived).
     */
    invoiceNumber: text('invoice_number'),
    /** Cancelled orders leave the admin's lists but stay as a record (who and when: order_events). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the payment was recorded (the 'paid' event's time): the overview's revenue day. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * How the order was priced at checkout (issue 29, decision 036): destination, coupon, VAT id and
     * every figure of quoteOrder in cents. Null for orders placed before: their price is their total.
     */
    pricing: jsonb('pricing').$type<StoredPricing>(),
    /**
     * The delivery address as fields (issue 36), in the pricing's country; `address` is composed from
     * them. Null, all four, for orders whose address was given as one text (and orders before).
     */
    deliveryName: text('delivery_name'),
    deliveryStreet: text('delivery_street'),
    deliveryPostcode: text('delivery_postcode'),
    deliveryCity: text('delivery_city'),
    /**
     * Units shipped so far, in all of the order's shipments (issue 38): written with each shipment, in
     * its transaction. `delivery` stays pending until it reaches `quantity` (the units in all).
     */
    shippedUnits: integer('shipped_units').notNull().default(0),
    /**
     * Paying on account (issue 39, decision 060): the day the invoice is due, placed + the business
     * account's net days. Null for every order paid by card. Set, the order was invoiced and its
     * units promised when placed, and it is paid by bank transfers an admin records.
     */
    paymentDueOn: date('payment_due_on', { mode: 'string' }),
    /** Cents received by bank transfer so far; the order is paid once they reach its total. */
    bankPaidCents: integer('bank_paid_cents').notNull().default(0),
    /** The overdue reminders mailed so far: one per step (7, 14, 21 days overdue), never twice. */
    remindersSent: integer('reminders_sent').notNull().default(0),
    /** A business buyer's purchase order number, as typed at checkout: printed on the invoice. */
    purchaseOrderNumber: text('purchase_order_number'),
    /**
     * The erasure of the buyer's account (decision 061): its personal fields are cleared, and its
     * documents keep the buyer's name, address and VAT id until the erasure's tax records end.
     */
    erasureId: uuid('erasure_id').references(() => accountErasures.id),
    createdAt: createdAt(),
  },
  (table) => [
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
    // A label needs every field: an address is whole or given as one text.
    check(
      'orders_delivery_address_whole',
      sql`num_nulls(${table.deliveryName}, ${table.deliveryStreet}, ${table.deliveryPostcode}, ${table.deliveryCity}) in (0, 4) and (${table.deliveryName} is null or ${table.pricing} is not null)`,
    ),
    check('orders_paid_has_transaction', sql`${table.status} = 'unpaid' or ${table.transactionId} is not null`),
    // A paid order is cancelled only by refunding it in full.
    check('orders_cancelled_only_unpaid_or_refunded', sql`${table.cancelledAt} is null or ${table.status} in ('unpaid', 'refunded')`),
    check('orders_refund_within_total', sql`${table.refundedCents} between 0 and ${table.priceCents}`),
    check('orders_refunded_in_full', sql`${table.status} <> 'refunded' or ${table.refundedCents} = ${table.priceCents}`),
    check('orders_bank_paid_within_total', sql`${table.bankPaidCents} between 0 and ${table.priceCents} and (${table.bankPaidCents} = 0 or ${table.paymentDueOn} is not null)`),
    check('orders_shipped_units_within_quantity', sql`${table.shippedUnits} between 0 and ${table.quantity}`),
    ...textLengthChecks('orders'),
    // All orders, newest first, paged on (created_at, id); the 30-day overview counts the orders
    // placed since a day from the same index.
    index('orders_created_id_idx').on(table.createdAt, table.id),
    // ... and sums what the orders paid since that day brought in, from this index (a month of
    // orders, next to each other), not from the orders or their events (1 s at a million orders).
    index('orders_paid_at_revenue_idx').on(table.paidAt, table.priceCents, table.refundedCents).where(sql`${table.paidAt} is not null`),
    // My Orders: one customer's orders, newest first, paged on (created_at, id).
    index('orders_user_created_id_idx').on(table.userId, table.createdAt, table.id),
    // One small index per filter of Manage All Orders: a filter's last page must not walk the date
    // index through two years of orders that are not in it (unpaid orders are only the last few days' worth).
    index('orders_unpaid_created_id_idx').on(table.createdAt, table.id).where(sql`${table.status} = 'unpaid' and ${table.cancelledAt} is null`),
    index('orders_pending_created_id_idx').on(table.createdAt, table.id).where(sql`${table.delivery} = 'pending' and ${table.cancelledAt} is null`),
    index('orders_shipped_created_id_idx').on(table.createdAt, table.id).where(sql`${table.delivery} = 'shipped' and ${table.cancelledAt} is null`),
    // Orders on account still open, by due date (decision 060): the admins' list (overdue first) and the
    // reminder job read this range; placing on account sums one company's open ones from the second.
    index('orders_on_account_open_due_idx').on(table.paymentDueOn, table.id).where(sql`${table.paymentDueOn} is not null and ${table.status} = 'unpaid' and ${table.cancelledAt} is null`),
    index('orders_on_account_open_user_idx').on(table.userId).where(sql`${table.paymentDueOn} is not null and ${table.status} = 'unpaid' and ${table.cancelledAt} is null`),
    // The Refunded filter: orders with money given back, cancelled ones included.
    index('orders_refunded_created_id_idx').on(table.createdAt, table.id).where(sql`${table.refundedCents} > 0`),
    // The Cancelled filter: by a customer, an admin, the shop, or a full refund before shipping.
    index('orders_cancelled_created_id_idx').on(table.createdAt, table.id).where(sql`${table.cancelledAt} is not null`),
    // Order search anywhere inside the buyer's email or name, the product or the address
    // (decision 028): trigrams of the four together, so one index answers "rill" or "crimp".
    index('orders_search_trgm_idx').using('gin', sql`${orderSearchText(table)} gin_trgm_ops`),
    // A search of one or two characters has no trigram: it matches the start of these, any case.
    index('orders_buyer_email_search_idx').on(sql`lower(${table.buyerEamil}) text_pattern_ops`),
    index('orders_buyer_search_idx').on(sql`lower(${table.buyer}) text_pattern_ops`),
    index('orders_product_search_idx').on(sql`lower(${table.product}) text_pattern_ops`),
    // The retention job finds an erasure's orders (and their documents) when its tax records end.
    index('orders_erasure_idx').on(table.erasureId).where(sql`${table.erasureId} is not null`),
  ],
);

/**
 * What order search looks inside: the buyer's email and name, the product and the address, lower
 * case, one per line (a search box sends no line break, so no match runs from one into the next).
 * The search's condition and its index are both made from this, so they stay the same expression.
 */
export function orderSearchText(table: { buyerEamil: AnyPgColumn; buyer: AnyPgColumn; product: AnyPgColumn; address: AnyPgColumn }): SQL {
  return sql`lower(${table.buyerEamil} || E'\\n' || ${table.buyer} || E'\\n' || ${table.product} || E'\\n' || ${table.address})`;
}

/**
 * What an order holds, a line per tool (issue 28, decision 037): each line a snapshot of the tool's
 * name, picture and unit price when it was placed. The order's own product, img, toolId, quantity
 * and price are the spec's fields kept as a summary of its lines (the first line, units in all,
 * what is to be paid). Existing orders became one-line orders (migration 0022).
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: belongsTo(uuid('order_id'), () => orders.id),
    /** 0 for the first line: the order of the lines as placed, which the summary follows. */
    position: integer('position').notNull(),
    /** Null once the tool is deleted, as the order's: the line keeps its own snapshot. */
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'set null' }),
    product: text('product').notNull(),
    img: text('img').notNull(),
    quantity: integer('quantity').notNull(),
    /** Cents per unit, as the tool cost when the order was placed. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** quantity x unit price, in cents. */
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (table) => [
    // An order's lines are read by its id (every order answer; a page's lines by the page's ids).
    primaryKey({ columns: [table.orderId, table.position] }),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('order_lines_position_not_negative', sql`${table.position} >= 0`),
    ...textLengthChecks('order_lines'),
    // A tool's deletion finds the unpaid orders holding it in any line (and sets the lines' tool to null).
    index('order_lines_tool_id_idx').on(table.toolId),
  ],
);

/** Every state change of an order, with who did it and when (placed, paid, shipped, cancelled, refunded). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: randomId(),
    orderId: belongsTo(uuid('order_id'), () => orders.id),
    type: text('type', { enum: ['placed', 'paid', 'bank_payment', 'shipped', 'cancelled', 'refunded', 'return'] }).notNull(),
    /** Null when the shop itself acted (a payment webhook, an automatic cancellation). */
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_events_order_id_idx').on(table.orderId),
    ...textLengthChecks('order_events'),
  ],
);

/**
 * Stock as a ledger (issue 37, decision 041): every change of a tool's available_quantity, with
 * why, who and when; the tool's stock is the sum of its movements. Only moveStock
 * (orders/lifecycle/stock-moves.ts) writes it, in the transaction that changes the stock, and the
 * database refuses to change or delete a movement (a trigger, migration 0030). tool_id has no
 * foreign key on purpose: a deleted tool's movements stay on record, and an ON DELETE action
 * would have to change them.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: randomId(),
    toolId: uuid('tool_id').notNull(),
    kind: text('kind', { enum: STOCK_MOVE_KINDS }).notNull(),
    /** + into the stock, - out of it. */
    units: integer('units').notNull(),
    /** The tool's available_quantity right after this movement: the history's running level, read rather than summed. */
    levelAfter: integer('level_after').notNull(),
    note: text('note').notNull().default(''),
    /** Null when the shop itself moved the stock (the opening of a migrated shop, the seed). */
    actorUserId: text('actor_user_id'),
    /** A copy: the record still says who it was if that account goes. */
    actorEmail: text('actor_email'),
    /** The order a shipment belongs to; orders are never deleted. */
    orderId: uuid('order_id').references(() => orders.id),
    createdAt: createdAt(),
  },
  (table) => [
    // Only an opening may move nothing (a tool added with no stock still has its first line).
    check('stock_movements_units_move', sql`${table.units} <> 0 or ${table.kind} = 'opening'`),
    check('stock_movements_level_not_negative', sql`${table.levelAfter} >= 0`),
    ...textLengthChecks('stock_movements'),
    // A tool's history, newest first, paged on (created_at, id); and the same for one kind. Ascending
    // columns, read backwards: drizzle's .desc() writes DESC NULLS LAST, which the history's ORDER BY
    // ... DESC (nulls first) cannot use, and PostgreSQL sorted a busy tool's every movement per page
    // (417 ms at 100,000 movements, bench:growth; 0.2 ms read backwards).
    index('stock_movements_tool_created_id_idx').on(table.toolId, table.createdAt, table.id),
    index('stock_movements_tool_kind_created_id_idx').on(table.toolId, table.kind, table.createdAt, table.id),
  ],
);
