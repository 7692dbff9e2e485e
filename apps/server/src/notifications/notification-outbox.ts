import { randomUUID } from 'node:crypto';
import { is, SQL, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@voltline/shared/webhook';
import type { DbExecutor } from '../db/client.ts';
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
