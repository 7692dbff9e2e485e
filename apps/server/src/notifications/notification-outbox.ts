import { randomUUID } from 'node:crypto';
import { and, inArray, is, isNotNull, lt, or, SQL, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@voltline/shared/webhook';
import type { Database, DbExecutor } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import type { MailMessage } from '../platform/mailer.ts';
import type { OutboxMail } from './mail-composer.ts';

export interface ShopEvent {
  type: WebhookEvent;
  /** The webhook body's `data`. */
  data: Record<string, unknown> | SQL;
  /** Mail this change sends (to the buyer, to the shop); SQL builds a jsonb array of them. */
  mails: OutboxMail[] | SQL;
}

/** A value the shop built, or SQL that builds it inside the statement, as jsonb. */
const jsonb = (value: object): SQL => (is(value, SQL) ? value : sql`${JSON.stringify(value)}::jsonb`);

/**
 * The one builder of an event's outbox rows: its mails, and one webhook delivery per active
 * endpoint subscribed to its type, every endpoint receiving the same body (one event id for all,
 * so a receiver drops repeats by it). A single statement, written inside the change's own
 * transaction, or inside the change's own statement: with `about`, the rows the event is about
 * that exist only there (the order being placed, decision 016), `data` and `mails` are SQL over
 * them and nothing is written when there is no such row.
 */
export function shopEventRows(event: ShopEvent, now: Date, about?: SQL): SQL {
  const from = about ? sql`${about} cross join ` : sql``;
  const at = now.toISOString();
  return sql`
    insert into notifications (channel, target, event_type, payload, next_attempt_at)
    select 'mail', mail ->> 'to', ${event.type}::text, mail, ${at}::timestamptz
    from ${from}jsonb_array_elements(${jsonb(event.mails)}) mail
    union all
    select 'webhook', endpoint.id::text, ${event.type}::text,
           jsonb_build_object('id', ${randomUUID()}::text, 'type', ${event.type}::text, 'createdAt', ${at}::text, 'data', ${jsonb(event.data)}),
           ${at}::timestamptz
    from ${from}webhook_endpoints endpoint
    where endpoint.active and endpoint.events ? ${event.type}::text`;
}

/**
 * Writes the mail and webhook deliveries of a change, inside the change's own transaction: they
 * exist exactly when the change does. The dispatcher sends them after the commit.
 */
export async function recordShopEvent(executor: DbExecutor, event: ShopEvent, now = new Date()): Promise<void> {
  await executor.execute(shopEventRows(event, now));
}

/**
 * Writes mail that is not an event other systems subscribe to (a visitor's query to the shop),
 * inside the change's own transaction, like recordShopEvent.
 */
export async function recordMails(executor: DbExecutor, eventType: string, mails: MailMessage[], now = new Date()): Promise<void> {
  if (mails.length === 0) return;
  await executor.insert(notifications).values(mails.map((mail) => ({ channel: 'mail' as const, target: mail.to, eventType, payload: mail, nextAttemptAt: now })));
}

/**
 * How long the outbox keeps a message once it was sent or given up on (decision 073). A sent mail
 * holds its reader's address, name and order, which nothing needs once it has gone: the order keeps
 * its own history. Webhook endpoints' delivery logs show this long.
 */
export const SENT_NOTIFICATION_KEEP_DAYS = 30;

/** Rows deleted a statement: the hourly job never holds a long lock or a large transaction. */
const PURGE_BATCH = 5_000;

/**
 * Deletes the messages sent or given up on more than SENT_NOTIFICATION_KEEP_DAYS ago, a batch at a
 * time on their own index, and answers how many (the hourly job in main.ts). Messages still to send
 * stay, however old. Keeping the outbox to a month also bounds what an erasure reads through.
 */
export async function purgeSentNotifications(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SENT_NOTIFICATION_KEEP_DAYS * 24 * 60 * 60 * 1000);
  // The index's own expression and condition (db/schema/notifications.ts), so the purge reads it alone.
  const done = and(or(isNotNull(notifications.deliveredAt), isNotNull(notifications.failedAt)), lt(sql`coalesce(${notifications.deliveredAt}, ${notifications.failedAt})`, before));
  let deleted = 0;
  for (;;) {
    const batch = db.select({ id: notifications.id }).from(notifications).where(done).limit(PURGE_BATCH);
    const rows = await db.delete(notifications).where(inArray(notifications.id, batch)).returning({ id: notifications.id });
    deleted += rows.length;
    if (rows.length < PURGE_BATCH) return deleted;
  }
}
