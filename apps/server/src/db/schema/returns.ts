import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgSequence, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RETURN_REASONS, RETURN_STATUSES } from '@voltline/shared/returns';
import { textLengthChecks } from '../text-columns.ts';
import { authUsers } from './identity.ts';
import { orders } from './orders.ts';
import { randomId, readableNumber, requiredReference } from './columns.ts';

/** Returns' numbers people read (`R-5001`): a sequence, as orders' (decision 044). */
export const returnNumberSequence = pgSequence('return_number_seq', { startWith: 5001 });

/**
 * A return of units of a shipped order (issue 38, items 3 and 4, decision 048): written only by the
 * order lifecycle (orders/lifecycle/returns.ts), which moves its state, the stock and the money in
 * one transaction with the order's history and the outbox.
 */
export const returns = pgTable(
  'returns',
  {
    id: randomId(),
    number: readableNumber(returnNumberSequence, 'returns_number_unique'),
    orderId: requiredReference(uuid('order_id'), () => orders.id),
    /** The buyer who asked (the order's user then); null once that account is gone, the return stays on record. */
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    comment: text('comment').notNull().default(''),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    instructions: text('instructions'),
    refusalReason: text('refusal_reason'),
    refundedCents: integer('refunded_cents'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The caller's own returns, newest first (GET /returns).
    index('returns_user_requested_id_idx').on(table.userId, table.requestedAt, table.id),
    // Admins' list, newest first, with or without a status (GET /admin/returns).
    index('returns_requested_id_idx').on(table.requestedAt, table.id),
    index('returns_status_requested_id_idx').on(table.status, table.requestedAt, table.id),
    index('returns_order_idx').on(table.orderId),
    check('returns_refunded_cents_not_negative', sql`${table.refundedCents} is null or ${table.refundedCents} >= 0`),
    ...textLengthChecks('returns'),
  ],
);

/** The return a row belongs to and its order (kept on the row so "returned per tool" reads one index). Fresh builders per table. */
function returnOfOrder() {
  return {
    returnId: requiredReference(uuid('return_id'), () => returns.id),
    orderId: requiredReference(uuid('order_id'), () => orders.id),
  };
}

/**
 * The units of one tool a return sends back, and once received how many came and whether they went
 * back to stock. "Shipped minus returned" is counted per tool over the order's returns not refused.
 */
export const returnLines = pgTable(
  'return_lines',
  {
    ...returnOfOrder(),
    /** The tool's id as the order's lines named it; kept when the tool is deleted (no foreign key), so the line stays countable. */
    toolId: uuid('tool_id').notNull(),
    product: text('product').notNull(),
    quantity: integer('quantity').notNull(),
    receivedQuantity: integer('received_quantity'),
    restocked: boolean('restocked'),
  },
  (table) => [
    primaryKey({ columns: [table.returnId, table.toolId] }),
    check('return_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('return_lines_received_within', sql`${table.receivedQuantity} is null or ${table.receivedQuantity} between 0 and ${table.quantity}`),
    index('return_lines_order_tool_idx').on(table.orderId, table.toolId),
    ...textLengthChecks('return_lines'),
  ],
);

/** Each serial number a return sends back: one return at a time holds a unit (checked under the order's lock). */
export const returnSerials = pgTable(
  'return_serials',
  {
    ...returnOfOrder(),
    toolId: uuid('tool_id').notNull(),
    serialNumber: text('serial_number').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.returnId, table.toolId, table.serialNumber] }),
    index('return_serials_order_tool_idx').on(table.orderId, table.toolId),
    ...textLengthChecks('return_serials'),
  ],
);
