import { and, eq } from 'drizzle-orm';
import { notifications } from '../db/schema.ts';
import type { TestShop } from './test-app.ts';

/**
 * The mails the shop queued in its outbox for one event to one address, as written in the change's
 * own transaction (decision 013): a test reads what a buyer is told without waiting for the sender.
 */
export function queuedMails(shop: TestShop, eventType: string, to: string) {
  return shop.database.db
    .select({ payload: notifications.payload })
    .from(notifications)
    .where(and(eq(notifications.eventType, eventType), eq(notifications.target, to)));
}

/** The texts of those mails, for a test that looks for what they say. */
export async function queuedMailTexts(shop: TestShop, eventType: string, to: string): Promise<string[]> {
  return (await queuedMails(shop, eventType, to)).map((mail) => (mail.payload as { text: string }).text);
}
