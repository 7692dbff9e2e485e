import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { textLengthChecks } from '../text-columns.ts';
import { createdAt, randomId } from './columns.ts';

/** Systems (accounting, ERP) that want to hear about orders and stock; the secret signs each delivery. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: randomId(),
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
    id: randomId(),
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
    // What the hourly purge deletes: the messages sent or given up on, by when (decision 073).
    index('notifications_done_at_idx').on(sql`coalesce(${table.deliveredAt}, ${table.failedAt})`).where(sql`${table.deliveredAt} is not null or ${table.failedAt} is not null`),
    // An endpoint's delivery log, newest first, paged on (created_at, id).
    index('notifications_target_created_id_idx').on(table.target, table.createdAt, table.id),
    ...textLengthChecks('notifications'),
  ],
);
