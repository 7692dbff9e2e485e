import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { textLengthChecks } from '../text-columns.ts';
import { tools } from './catalogue.ts';
import { createdAt, randomId, requiredReference } from './columns.ts';
import { orders } from './orders.ts';

/**
 * The carriers admins ship with and where each tracks a parcel (issue 38): a shipment copies the
 * tracking address it had, so changing a template later leaves sent mail and old parcels as they were.
 */
export const carriers = pgTable(
  'carriers',
  {
    id: randomId(),
    name: text('name').notNull(),
    trackingUrlTemplate: text('tracking_url_template').notNull(),
    /**
     * What the carrier signs its delivery notices with (POST /carriers/{name}/notices): kept as
     * given, since checking a signature needs it; answered back only as its last 4 characters.
     */
    noticeSecret: text('notice_secret'),
    createdAt: createdAt(),
  },
  (table) => [
    // One carrier per name whatever its case: a shipment names its carrier as the admin typed it.
    uniqueIndex('carriers_name_lower_idx').on(sql`lower(${table.name})`),
    ...textLengthChecks('carriers'),
  ],
);

/**
 * A parcel of an order (issue 38, decision 046): some or all units of some or all of its lines,
 * written by the order lifecycle (orders/lifecycle/shipments.ts) with the order's shipped units,
 * the stock movements, the history row and the outbox, in one transaction. Never changed after.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: randomId(),
    orderId: requiredReference(uuid('order_id'), () => orders.id),
    /** Null for the spec's PATCH /deliverConfirm, which ships the rest without naming a carrier. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The carrier's template filled with the number, as it was when the parcel left. */
    trackingUrl: text('tracking_url'),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the parcel reached the buyer (an admin's or a carrier's word): the withdrawal period counts from it (decision 048). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    // An order's parcels, oldest first (My Orders' card, the Ship dialog, the shipments route).
    index('shipments_order_shipped_id_idx').on(table.orderId, table.shippedAt, table.id),
    // A carrier's delivery notice names its parcel by tracking number alone.
    index('shipments_tracking_number_idx').on(table.trackingNumber),
    ...textLengthChecks('shipments'),
  ],
);

/** Which parcel, order line and tool a parcel's row is of (its lines and its serials alike). */
const parcelLineColumns = () => ({
  shipmentId: requiredReference(uuid('shipment_id'), () => shipments.id),
  /** Copied from the shipment: the units shipped of each line of an order are summed by it (an index). */
  orderId: requiredReference(uuid('order_id'), () => orders.id),
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
