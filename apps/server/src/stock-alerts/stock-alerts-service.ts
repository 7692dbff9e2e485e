import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import { stockAlertMessages } from '@voltline/shared/stock-alert-messages';
import type { StockAlertAnswer, StockAlertCount } from '@voltline/shared/stock-alerts';
import type { Database, DbTransaction } from '../db/client.ts';
import { stockAlerts, tools } from '../db/schema.ts';
import { recordMails } from '../notifications/notification-outbox.ts';
import type { RestockAlerts } from '../orders/lifecycle/collaborators.ts';
import { isOrderable } from '../orders/lifecycle/units.ts';
import { notFound } from '../platform/app-error.ts';
import type { StockAlertMail } from './stock-alert-mail.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/** How long a mailed alert is kept (to answer "did you mail me?") before it is deleted: personal data, kept no longer than that. */
export const STOCK_ALERT_KEEP_DAYS = 30;

const toolNotFound = () => notFound('Tool not found');

/**
 * Back in stock (issue 37, item 4; decision 045): emails waiting for a tool to be orderable again,
 * each mailed once through the outbox by the change that brings the tool back (toolBack, called by
 * the order lifecycle in that change's transaction), then deleted after STOCK_ALERT_KEEP_DAYS.
 */
export function createStockAlertsService(deps: { db: Database; mail: StockAlertMail; tokens: UnsubscribeTokens; publicUrl: string }) {
  const { db, mail, tokens, publicUrl } = deps;
  const unsubscribeUrl = (email: string) => `${publicUrl}/api/stock-alerts/unsubscribe?token=${encodeURIComponent(tokens.tokenFor(email.toLowerCase()))}`;

  const restock: RestockAlerts = {
    /**
     * Closes the tool's open alerts and writes their mail, in the caller's transaction. The update
     * is conditional (mailed_at is null): were two changes ever to both see the tool come back, the
     * second would find the alerts closed by the first (it waits for its row locks) and mail none.
     */
    async toolBack(tx: DbTransaction, tool: { id: string; toolName: string }) {
      const closed = await tx
        .update(stockAlerts)
        .set({ mailedAt: sql`now()` })
        .where(and(eq(stockAlerts.toolId, tool.id), isNull(stockAlerts.mailedAt)))
        .returning({ email: stockAlerts.email });
      await recordMails(tx, 'tool.back_in_stock', closed.map(({ email }) => mail(email, tool, unsubscribeUrl(email))));
      return closed.length;
    },
  };

  return {
    ...restock,
    unsubscribeUrl,

    /**
     * POST /tools/{id}/stock-alerts: stores the email's alert for an out-of-stock tool, once. The
     * answer is the same whether the email had asked already or not. The tool's row is read FOR
     * SHARE, so a change that would bring the tool back waits for this alert to be stored (and then
     * mails it), or this waits for the change and finds the tool orderable: stores nothing, says so.
     */
    async ask(toolId: string, email: string): Promise<StockAlertAnswer> {
      const id = entityIdSchema.safeParse(toolId);
      if (!id.success) throw toolNotFound();
      return db.transaction(async (tx) => {
        // The whole row: its counters decide whether customers can order it (isOrderable).
        const [tool] = await tx
          .select()
          .from(tools)
          .where(eq(tools.id, id.data))
          .for('share');
        if (!tool) throw toolNotFound();
        if (isOrderable(tool)) return { waiting: false, message: stockAlertMessages.inStock(tool.toolName) };
        // The unique index on open alerts keeps one per email and tool; a repeat changes nothing.
        await tx.insert(stockAlerts).values({ toolId: id.data, email: email.toLowerCase() }).onConflictDoNothing();
        return { waiting: true, message: stockAlertMessages.asked(tool.toolName) };
      });
    },

    /** The email a token of an unsubscribe link names; undefined for a token the shop did not sign. */
    emailOf: (token: string) => tokens.emailOf(token),

    /** Deletes every alert of the email, open or mailed: no more back-in-stock mail, and nothing of it kept. */
    async unsubscribe(email: string): Promise<number> {
      const deleted = await db.delete(stockAlerts).where(eq(stockAlerts.email, email)).returning({ id: stockAlerts.id });
      return deleted.length;
    },

    /** How many open alerts wait for the tool (the Stock dialog of Manage Tools). */
    async waitingFor(toolId: string): Promise<StockAlertCount> {
      const id = entityIdSchema.safeParse(toolId);
      if (!id.success) throw toolNotFound();
      const [tool] = await db.select({ id: tools.id }).from(tools).where(eq(tools.id, id.data));
      if (!tool) throw toolNotFound();
      // Counted on the unique index of open alerts (its first column is the tool).
      const [open] = await db
        .select({ waiting: sql<number>`count(*)::int` })
        .from(stockAlerts)
        .where(and(eq(stockAlerts.toolId, id.data), isNull(stockAlerts.mailedAt)));
      return { waiting: open!.waiting };
    },

    /** Deletes the alerts mailed more than STOCK_ALERT_KEEP_DAYS ago (the hourly job in main.ts). */
    async purgeMailed(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - STOCK_ALERT_KEEP_DAYS * 24 * 60 * 60 * 1000);
      const deleted = await db.delete(stockAlerts).where(lt(stockAlerts.mailedAt, before)).returning({ id: stockAlerts.id });
      return deleted.length;
    },
  };
}
export type StockAlertsService = ReturnType<typeof createStockAlertsService>;
