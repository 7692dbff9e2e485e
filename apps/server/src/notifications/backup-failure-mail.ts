import type { Database } from '../db/client.ts';
import { createShopMail } from './order-mail.ts';
import { recordMails } from './notification-outbox.ts';

/**
 * A failed backup told to the shop's contact address (SHOP_NOTIFY_EMAIL) through the outbox, so it
 * is sent (and retried) like every other mail; nobody is told when the shop names no address. The
 * log has it either way.
 */
export function createBackupFailureReport(deps: { db: Database; shopName: string; shopNotifyEmail: string | undefined }) {
  const mail = createShopMail(deps.shopName);
  return async (error: string, startedAt: Date): Promise<void> => {
    if (!deps.shopNotifyEmail) return;
    await recordMails(deps.db, 'backup.failed', [
      mail(deps.shopNotifyEmail, 'a backup failed', [
        `The backup started at ${startedAt.toISOString()} failed:`,
        error,
        '',
        'The shop keeps selling, and tries again within 15 minutes. Until a backup succeeds, the newest one is older than you expect: see docs/operations.md.',
      ]),
    ]);
  };
}
