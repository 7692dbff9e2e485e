import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEvent } from '@voltline/shared/webhook';
import type { DbExecutor } from '../db/client.ts';
import { notifications, webhookEndpoints } from '../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';

export interface ShopEvent {
  type: WebhookEvent;
  data: Record<string, unknown>;
  /** Mail this change sends (to the buyer, to the shop). */
  mails: MailMessage[];
}

/** The body every webhook endpoint receives for one event; its id is the same for all of them. */
function webhookBody(eventId: string, type: WebhookEvent, data: Record<string, unknown>, at: Date) {
  return { id: eventId, type, createdAt: at.toISOString(), data };
}

/**
 * Writes mail that is not an event other systems subscribe to (a visitor's query to the shop),
 * inside the change's own transaction, like recordShopEvent.
 */
export async function recordMails(executor: DbExecutor, eventType: string, mails: MailMessage[], now = new Date()): Promise<void> {
  if (mails.length === 0) return;
  await executor.insert(notifications).values(mails.map((mail) => mailRow(eventType, mail, now)));
}

const mailRow = (eventType: string, mail: MailMessage, now: Date) =>
  ({ channel: 'mail' as const, target: mail.to, eventType, payload: mail, nextAttemptAt: now });

/**
 * Writes the mail and webhook deliveries of a change, inside the change's own transaction: they
 * exist exactly when the change does. The dispatcher sends them after the commit.
 */
export async function recordShopEvent(executor: DbExecutor, event: ShopEvent, now = new Date()): Promise<void> {
  const endpoints = await executor
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(sql`${webhookEndpoints.active} and ${webhookEndpoints.events} ? ${event.type}`);
  const body = webhookBody(randomUUID(), event.type, event.data, now);
  const rows = [
    ...event.mails.map((mail) => mailRow(event.type, mail, now)),
    ...endpoints.map((endpoint) => ({ channel: 'webhook' as const, target: endpoint.id, eventType: event.type, payload: body, nextAttemptAt: now })),
  ];
  if (rows.length > 0) await executor.insert(notifications).values(rows);
}

