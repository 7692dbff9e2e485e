import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { orders } from './orders.ts';

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
