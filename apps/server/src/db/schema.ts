import { sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, type AnyPgColumn, check, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VAT_TREATMENTS, type VatTreatment } from '@voltline/shared/order-figures';
import type { StoredPricing } from '@voltline/shared/pricing';
import type { DocumentFigures } from '@voltline/shared/document-figures';
import { STOCK_MOVE_KINDS } from '@voltline/shared/stock-moves';
import { textLengthChecks } from './text-columns.ts';

/**
 * One schema for PGlite and PostgreSQL. Columns keep the spec's field names (section 3), in
 * snake_case in SQL; the `_id` the API answers is the uuid primary key.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolName: text('tool_name').notNull().unique(),
    description: text('description').notNull(),
    img: text('img').notNull(),
    /** Cents per unit (decision 035: money is integer cents inside the shop). */
    priceCents: integer('price_cents').notNull(),
    minimumOrderQuantity: integer('minimum_order_quantity').notNull(),
    /** Physical stock: lowered when an order ships. */
    availableQuantity: integer('available_quantity').notNull(),
    /**
     * Units of paid orders not yet shipped. Only the order lifecycle (orders/lifecycle/) moves it: up when a payment is
     * accepted (only while stock - promised covers the order), down when such an order ships, is
     * refunded in full or cancelled. Customers can order available - promised.
     */
    promisedQuantity: integer('promised_quantity').notNull().default(0),
    /** Its own VAT rate in hundredths of a percent (550: 5.5 %); null: the shop's standard rate (issue 29). */
    vatRateHundredths: integer('vat_rate_hundredths'),
    /** Each unit carries its maker's serial number: shipping one needs a serial per unit (issue 38). */
    serialised: boolean('serialised').notNull().default(false),
    /** The tool's warranty in months; null: the shop's WARRANTY_MONTHS. */
    warrantyMonths: integer('warranty_months'),
    createdAt: createdAt(),
  },
  (table) => [
    check('tools_price_positive', sql`${table.priceCents} > 0`),
    check('tools_minimum_positive', sql`${table.minimumOrderQuantity} >= 1`),
    // Stock never goes below zero, whatever a request does: the database refuses it.
    check('tools_stock_not_negative', sql`${table.availableQuantity} >= 0`),
    // Not also "<= available": a shop that oversold before promises existed, or an admin counting
    // breakage, can hold less than is promised. New payments still never promise past the stock.
    check('tools_promised_not_negative', sql`${table.promisedQuantity} >= 0`),
    check('tools_vat_rate_percent', sql`${table.vatRateHundredths} between 0 and 10000`),
    check('tools_warranty_months', sql`${table.warrantyMonths} between 0 and 1200`),
    ...textLengthChecks('tools'),
    // Each catalogue sort pages on (key, id): see catalogue-service.ts.
    index('tools_created_at_id_idx').on(table.createdAt, table.id),
    index('tools_price_id_idx').on(table.priceCents, table.id),
    index('tools_name_lower_id_idx').on(sql`lower(${table.toolName})`, table.id),
    // A search (name contains q) that few tools match is found through trigrams instead of walking
    // a sort's index to its end (issue 28; decision 028 does the same for orders).
    index('tools_name_trgm_idx').using('gin', sql`lower(${table.toolName}) gin_trgm_ops`),
    // The overview's low stock: only the tools below their minimum, the furthest below first.
    index('tools_low_stock_idx')
      .on(sql`(${table.minimumOrderQuantity} - ${table.availableQuantity}) desc`, table.toolName, table.id)
      .where(sql`${table.availableQuantity} < ${table.minimumOrderQuantity}`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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

/** Every state change of an order, with who did it and when (placed, paid, shipped, cancelled, refunded). */
/**
 * What an order holds, a line per tool (issue 28, decision 037): each line a snapshot of the tool's
 * name, picture and unit price when it was placed. The order's own product, img, toolId, quantity
 * and price are the spec's fields kept as a summary of its lines (the first line, units in all,
 * what is to be paid). Existing orders became one-line orders (migration 0022).
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
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

export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['placed', 'paid', 'shipped', 'cancelled', 'refunded'] }).notNull(),
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
 * The carriers admins ship with and where each tracks a parcel (issue 38): a shipment copies the
 * tracking address it had, so changing a template later leaves sent mail and old parcels as they were.
 */
export const carriers = pgTable(
  'carriers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    trackingUrlTemplate: text('tracking_url_template').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // One carrier per name whatever its case: a shipment names its carrier as the admin typed it.
    uniqueIndex('carriers_name_lower_idx').on(sql`lower(${table.name})`),
    ...textLengthChecks('carriers'),
  ],
);

/**
 * A parcel of an order (issue 38, decision 042): some or all units of some or all of its lines,
 * written by the order lifecycle (orders/lifecycle/shipments.ts) with the order's shipped units,
 * the stock movements, the history row and the outbox, in one transaction. Never changed after.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** Null for the spec's PATCH /deliverConfirm, which ships the rest without naming a carrier. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The carrier's template filled with the number, as it was when the parcel left. */
    trackingUrl: text('tracking_url'),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // An order's parcels, oldest first (My Orders' card, the Ship dialog, the shipments route).
    index('shipments_order_shipped_id_idx').on(table.orderId, table.shippedAt, table.id),
    ...textLengthChecks('shipments'),
  ],
);

/** Which parcel, order line and tool a parcel's row is of (its lines and its serials alike). */
const parcelLineColumns = () => ({
  shipmentId: uuid('shipment_id')
    .notNull()
    .references(() => shipments.id),
  /** Copied from the shipment: the units shipped of each line of an order are summed by it (an index). */
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id),
  /** The order line's position (order_lines' key with the order id). */
  linePosition: integer('line_position').notNull(),
  /** Null once the tool is deleted, as the order line's; the row stays on record with the order. */
  toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'set null' }),
});

/**
 * What one parcel holds of one line of its order: the line's units shipped are the sum over its
 * parcels, the number a return will count "shipped minus returned" against (issue 38, item 3).
 */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    ...parcelLineColumns(),
    product: text('product').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shipmentId, table.linePosition] }),
    check('shipment_lines_quantity_positive', sql`${table.quantity} > 0`),
    index('shipment_lines_order_line_idx').on(table.orderId, table.linePosition),
    ...textLengthChecks('shipment_lines'),
  ],
);

/**
 * Each serial number shipped, with the parcel and line it left in: unique per tool across the shop
 * (a unique index, so two parcels racing with one serial cannot both take it), found by the number
 * alone for a warranty question and the orders' search.
 */
export const shippedSerials = pgTable(
  'shipped_serials',
  {
    ...parcelLineColumns(),
    serialNumber: text('serial_number').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shipmentId, table.serialNumber] }),
    uniqueIndex('shipped_serials_tool_serial_idx').on(table.toolId, table.serialNumber),
    index('shipped_serials_serial_idx').on(table.serialNumber),
    ...textLengthChecks('shipped_serials'),
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
    id: uuid('id').primaryKey().defaultRandom(),
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
    // A tool's history, newest first, paged on (created_at, id); and the same for one kind.
    index('stock_movements_tool_created_id_idx').on(table.toolId, table.createdAt.desc(), table.id.desc()),
    index('stock_movements_tool_kind_created_id_idx').on(table.toolId, table.kind, table.createdAt.desc(), table.id.desc()),
  ],
);

/**
 * The last number issued of each kind of document. Invoices and credit notes take the next one
 * in the transaction that pays or refunds the order (invoices/invoice-register.ts): the row lock
 * makes concurrent payments wait their turn, and a transaction that rolls back takes its number
 * back with it, so numbers never repeat and never skip (a database sequence can skip).
 */
export const documentCounters = pgTable('document_counters', {
  kind: text('kind', { enum: ['invoice', 'credit_note'] }).primaryKey(),
  value: integer('value').notNull(),
});

/**
 * What an invoice or credit note shows, copied when it is issued: the shop's legal details, the
 * buyer and the line as they were then. The same document renders the same PDF for ever, whatever
 * later happens to the tool, the buyer's profile or the shop's settings.
 */
const issuedDocument = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  /** The number as printed, prefix included (INV-000042). */
  number: text('number').notNull().unique(),
  /** The counter value behind the number: gapless per kind. */
  sequence: integer('sequence').notNull().unique(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  sellerName: text('seller_name').notNull(),
  sellerAddress: text('seller_address').notNull(),
  sellerTaxId: text('seller_tax_id').notNull(),
  /** SHOP_VAT_NOTE as it was at issue: printed when the shop charges no VAT. Empty on documents issued before (0027). */
  sellerVatNote: text('seller_vat_note').notNull().default(''),
  buyerName: text('buyer_name').notNull(),
  buyerEmail: text('buyer_email').notNull(),
  buyerPhone: text('buyer_phone').notNull(),
  buyerAddress: text('buyer_address').notNull(),
  product: text('product').notNull(),
  quantity: integer('quantity').notNull(),
  /** Cents, as the order holds them. */
  unitPriceCents: integer('unit_price_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  paymentMethod: text('payment_method').notNull(),
  transactionId: text('transaction_id').notNull(),
  /**
   * Every figure art. 226 of the VAT Directive asks for (issue 29, decision 038): the lines with their
   * discount, rate, net and VAT, the delivery as a line, VAT per rate, the treatment and the buyer's
   * VAT id; on a credit note, what it credits per rate. Null on documents issued before migration
   * 0027: they print as they were issued.
   */
  figures: jsonb('figures').$type<DocumentFigures>(),
  /**
   * The PDF, drawn from the columns above at its first download or mail and kept: drawing costs the
   * server tens of milliseconds a time, the bytes never change, and every instance reads them here.
   * Null until then (and for documents issued before the shop kept them).
   */
  pdf: bytea('pdf'),
});

/** One invoice per paid order, issued when the payment is accepted. */
export const invoices = pgTable(
  'invoices',
  { ...issuedDocument(), orderId: uuid('order_id').notNull().unique().references(() => orders.id) },
  () => textLengthChecks('invoices'),
);

/** One per refund (full or partial), referring to the order's invoice. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    ...issuedDocument(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** The invoice's number as printed on the credit note. */
    invoiceNumber: text('invoice_number').notNull(),
    /** Cents given back by this refund. */
    amountCents: integer('amount_cents').notNull(),
    /** All refunds of the order so far, this one included, in cents. */
    refundedSoFarCents: integer('refunded_so_far_cents').notNull(),
    reason: text('reason').notNull(),
  },
  (table) => [
    check('credit_notes_amount_positive', sql`${table.amountCents} > 0`),
    index('credit_notes_order_id_idx').on(table.orderId, table.sequence),
    ...textLengthChecks('credit_notes'),
  ],
);

/**
 * The VAT of each day's invoices and credit notes, per treatment and rate (issue 29, decision 038):
 * written in the transaction that pays or refunds the order, with the document, so the accountant's
 * month (GET /api/admin/vat-report) adds up some thirty rows at any size of shop. The day is the
 * document's issue day in UTC; rates in hundredths of a percent.
 */
export const vatDayTotals = pgTable(
  'vat_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    treatment: text('treatment', { enum: VAT_TREATMENTS }).$type<VatTreatment>().notNull(),
    rateHundredths: integer('rate_hundredths').notNull(),
    invoicedNetCents: bigint('invoiced_net_cents', { mode: 'number' }).notNull().default(0),
    invoicedVatCents: bigint('invoiced_vat_cents', { mode: 'number' }).notNull().default(0),
    creditedNetCents: bigint('credited_net_cents', { mode: 'number' }).notNull().default(0),
    creditedVatCents: bigint('credited_vat_cents', { mode: 'number' }).notNull().default(0),
    /** Documents that carried this rate on this day. */
    invoices: integer('invoices').notNull().default(0),
    creditNotes: integer('credit_notes').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.treatment, table.rateHundredths] })],
);

/**
 * The admin overview's days (decision 038): what the orders paid that day brought in, less what was
 * later refunded of them, written in the payment's and the refund's transaction; and how many orders
 * were placed that day, counted once the day is over (a day's count never changes after it, and
 * placing an order stays free of a shared row every order would queue on).
 */
export const shopDayTotals = pgTable('shop_day_totals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
  /** Refunds of the orders paid that day, whenever they were given. */
  refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  /** Orders placed that day; null until counted, which happens the first time the overview shows the day after it ended. */
  placedOrders: integer('placed_orders'),
});

/**
 * One payment intent per order, at whichever gateway is configured. The built-in test gateway
 * keeps its whole state here; for Stripe this row records the intent the shop created.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['builtin', 'stripe'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    clientSecret: text('client_secret').notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded'] }).notNull(),
    /** Given back through the gateway so far; the built-in gateway's whole record of its refunds. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
  },
);

/** Stripe event ids already handled: a replayed webhook changes nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: createdAt(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    review: text('review').notNull(),
    reviewDate: text('review_date').notNull(),
    reviewTime: text('review_time').notNull(),
    rating: integer('rating').notNull(),
    photo: text('photo'),
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When the author last changed the text or the rating (PATCH /review/{id}); null if never. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * An admin's removal (DELETE /review/{id}) hides the review and keeps it, with who removed it
     * and when, so a moderation can be looked back on. Hidden reviews leave the list, count and average.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedByUserId: text('removed_by_user_id'),
    /** A copy: the record still says who it was if that account goes. */
    removedByEmail: text('removed_by_email'),
  },
  (table) => [
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    ...textLengthChecks('reviews'),
    index('reviews_created_at_id_idx').on(table.createdAt, table.id),
    // The author's own reviews (GET /review/mine), newest first.
    index('reviews_user_created_at_id_idx').on(table.userId, table.createdAt, table.id),
  ],
);

export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The identity this profile belongs to; set when the user first asks for an API token. */
    userId: text('user_id')
      .unique()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    address: text('address'),
    phone: text('phone'),
    linkedIn: text('linked_in'),
    education: text('education'),
    profilePicture: text('profile_picture'),
    createdAt: createdAt(),
  },
  (table) => [
    ...textLengthChecks('user_profiles'),
    // Make Admin pages customers oldest first and finds them by the start of their email or name.
    index('user_profiles_created_at_id_idx').on(table.createdAt, table.id),
    index('user_profiles_email_search_idx').on(sql`lower(${table.email}) text_pattern_ops`),
    index('user_profiles_name_search_idx').on(sql`lower(${table.name}) text_pattern_ops`),
  ],
);

/**
 * Every change of a profile's role (Make Admin, Remove admin): to which role, who changed it and
 * when. Written in the statement that changes the role, so no change goes unrecorded.
 */
export const roleChanges = pgTable(
  'role_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => userProfiles.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'admin'] }).notNull(),
    /** Null when the shop itself gave the role: its first admin, made at the first start (profiles/first-admin.ts). */
    changedByUserId: text('changed_by_user_id'),
    /** A copy: the record still says who it was if that account goes. Null with the user id. */
    changedByEmail: text('changed_by_email'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A profile's history, newest first, paged on (at, id).
    index('role_changes_profile_at_id_idx').on(table.profileId, table.at, table.id),
    ...textLengthChecks('role_changes'),
  ],
);

/** Facts about this installation, e.g. that the first-run seed has happened. */
export const shopState = pgTable('shop_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: createdAt(),
});

/** Uploaded pictures, re-encoded to WebP; kept in the database so every instance can serve them. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: text('uploaded_by').references(() => authUsers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/*
 * Identity tables, in the shape better-auth's Drizzle adapter expects (user, session, account,
 * verification). Passwords live hashed in auth_accounts; sessions are rows, so signing out or
 * resetting a password revokes them for every API token bound to them.
 */
const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps,
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [index('auth_sessions_user_id_idx').on(table.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('auth_accounts_user_id_idx').on(table.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('auth_verifications_identifier_idx').on(table.identifier)],
);

/** Systems (accounting, ERP) that want to hear about orders and stock; the secret signs each delivery. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  () => textLengthChecks('webhook_endpoints'),
);

/**
 * The outbox: every mail and webhook delivery, written in the same transaction as the change it
 * tells about, then sent (and retried) by the dispatcher. A change that rolls back sends nothing;
 * a crash between the change and the sending loses nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['mail', 'webhook'] }).notNull(),
    /** The mail address, or the webhook endpoint's id. */
    target: text('target').notNull(),
    eventType: text('event_type').notNull(),
    /** Mail: { to, subject, text, html }. Webhook: the JSON body, sent byte for byte. */
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Claimed by one dispatcher until then, so two instances never send the same row at once. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    // What the dispatcher claims: only the messages still to send, oldest first (made by migration 0011).
    index('notifications_pending_created_idx').on(table.createdAt).where(sql`${table.deliveredAt} is null and ${table.failedAt} is null`),
    // An endpoint's delivery log, newest first, paged on (created_at, id).
    index('notifications_target_created_id_idx').on(table.target, table.createdAt, table.id),
    ...textLengthChecks('notifications'),
  ],
);

/**
 * What visitors ask with the home page's "Ask us anything" form, for the admins' Queries inbox.
 * A query is open until an admin marks it answered; who did and when is kept with it.
 */
export const queries = pgTable(
  'queries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    role: text('role').notNull(),
    /** Empty when the visitor asked nothing in words (the form's question is optional). */
    query: text('query').notNull().default(''),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** A copy of the admin's email: the record still says who it was if that account goes. */
    answeredBy: text('answered_by'),
  },
  (table) => [
    // The inbox, newest first, paged on (created_at, id): all queries, and the open ones alone, which
    // stay few while answered ones pile up (the answered filter reads the first index).
    index('queries_created_id_idx').on(table.createdAt, table.id),
    index('queries_open_created_id_idx').on(table.createdAt, table.id).where(sql`${table.answeredAt} is null`),
    ...textLengthChecks('queries'),
  ],
);

/**
 * A signed-in customer's cart, a row per tool (issue 28, docs/decisions/034). The line keeps the
 * tool's price when it was added, and its name and picture when last changed: the page says
 * when the price moved, and what the line was once the tool is deleted. No foreign key to the tool
 * for that reason; the account's deletion takes its cart with it. At most CART_MAX_LINES lines per
 * account (cart-service.ts); the primary key, led by the account, serves reading one cart.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** Cents a unit cost when the line was added (a change of quantity keeps it). */
    addedUnitPriceCents: integer('added_unit_price_cents').notNull(),
    toolName: text('tool_name').notNull(),
    img: text('img').notNull(),
    addedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.toolId] }),
    check('cart_lines_quantity_bounds', sql`${table.quantity} between 1 and 10000000`),
    ...textLengthChecks('cart_lines'),
  ],
);

/**
 * What delivery costs, per destination: a country's ISO code, or `*` for every country without a
 * rate of its own (the table always holds one: the admin's PUT refuses a table without it). A new
 * shop starts with a home rate and a world rate (pricing/delivery-settings-service.ts). Amounts in cents.
 */
export const deliveryRates = pgTable(
  'delivery_rates',
  {
    country: text('country').primaryKey(),
    chargeCents: integer('charge_cents').notNull(),
    /** From this subtotal of the goods, delivery there is free; null: never free. */
    freeFromCents: integer('free_from_cents'),
  },
  (table) => [
    check('delivery_rates_charge_not_negative', sql`${table.chargeCents} >= 0`),
    check('delivery_rates_free_from_positive', sql`${table.freeFromCents} > 0`),
    ...textLengthChecks('delivery_rates'),
  ],
);

/**
 * The banner's "10% discount on delivery charge": one row (the key is always true), on at 10% in a
 * new shop, which admins change or end. At most one delivery promotion exists, so at most one applies.
 */
export const deliveryPromotion = pgTable(
  'delivery_promotion',
  {
    id: boolean('id').primaryKey().default(true),
    percentOff: integer('percent_off').notNull(),
    active: boolean('active').notNull(),
    /** When it ends by itself; null: when an admin ends it. */
    until: timestamp('until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('delivery_promotion_one_row', sql`${table.id}`),
    check('delivery_promotion_percent_off', sql`${table.percentOff} between 1 and 100`),
  ],
);

/**
 * Coupon codes: a percent or an amount off the goods, exactly one. `uses` counts the uses paid for;
 * with the holds of unpaid orders still live (coupon_uses.held_until) they never pass `max_uses`:
 * a use is taken or kept with the coupon's row locked (pricing/coupon-uses.ts), so racing checkouts
 * and payments are counted one after another.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper case, so that the unique index makes codes unique whatever case they are typed in. */
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    minSubtotalCents: integer('min_subtotal_cents'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    /** Uses paid for; unpaid orders' holds are coupon_uses rows with held_until (decision 039). */
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
    /** A copy of the admin's email, as elsewhere: it still says who if that account goes. */
    createdBy: text('created_by').notNull(),
  },
  (table) => [
    uniqueIndex('coupons_code_idx').on(table.code),
    // The admins' list pages newest first on (created_at, id); a search by code prefix reads this
    // pattern index (LIKE 'SUM%' uses a btree only with text_pattern_ops under a non-C collation).
    index('coupons_created_id_idx').on(table.createdAt, table.id),
    index('coupons_code_prefix_idx').using('btree', table.code.op('text_pattern_ops')),
    check('coupons_code_upper_case', sql`${table.code} = upper(${table.code})`),
    check('coupons_one_discount', sql`(${table.percentOff} is null) <> (${table.amountOffCents} is null)`),
    check('coupons_percent_off', sql`${table.percentOff} between 1 and 100`),
    check('coupons_amount_off', sql`${table.amountOffCents} > 0`),
    check('coupons_uses_within_limit', sql`${table.uses} >= 0`),
    check('coupons_dates_in_order', sql`${table.validFrom} < ${table.validUntil}`),
    ...textLengthChecks('coupons'),
  ],
);

/**
 * One use of a coupon by a customer, so that uses per customer can be counted. The order it
 * belongs to is filled in by checkout; a use given back (an unpaid order cancelled or expired) is deleted.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    customerId: text('customer_id').references(() => authUsers.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id),
    createdAt: createdAt(),
    /**
     * Until when an unpaid order holds this use (COUPON_HOLD_MINUTES after it was placed); null once
     * its order is paid. A lapsed hold counts against nothing: its order takes a use again at payment
     * if one is free (decision 039).
     */
    heldUntil: timestamp('held_until', { withTimezone: true }),
  },
  (table) => [
    index('coupon_uses_coupon_customer_idx').on(table.couponId, table.customerId),
    // The holds of a code, counted with its paid uses whenever a use is taken.
    index('coupon_uses_holds_idx').on(table.couponId, table.heldUntil).where(sql`${table.heldUntil} is not null`),
  ],
);
