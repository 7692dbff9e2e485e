import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { orderWithLines } from '../orders/order-dto.ts';
import type { DocumentAttachment, MailFile, MailMessage, SendableMail } from '../platform/mailer.ts';
import type { OrderMail } from './order-mail.ts';

/**
 * A mail the outbox holds: written out in full, or (for the "order placed" mail, which the single
 * placing SQL statement writes) the order to compose it from when it is sent. An order's placed
 * facts never change, so composing later says what composing at once would have.
 */
export type OutboxMail = MailMessage | { to: string; compose: 'order-placed'; orderId: string };

/** Turns an outbox mail into one the mailer sends: composed if need be, its documents rendered. */
export function createMailComposer(deps: {
  db: Database;
  orderMail: OrderMail;
  /** A document's files: its PDF, and a business account's e-invoices (decision 068). */
  documentFiles: (document: DocumentAttachment) => Promise<MailFile[]>;
}) {
  const { db, orderMail, documentFiles } = deps;

  async function written(mail: OutboxMail): Promise<MailMessage> {
    if (!('compose' in mail)) return mail;
    const [order] = await db.select().from(orders).where(eq(orders.id, mail.orderId));
    if (!order) throw new Error('The order of this mail no longer exists.');
    return orderMail.placed({ ...(await orderWithLines(db, order)), id: order.id });
  }

  return async function compose(mail: OutboxMail): Promise<SendableMail> {
    const { documents, ...message } = await written(mail);
    if (!documents?.length) return message;
    return { ...message, files: (await Promise.all(documents.map(documentFiles))).flat() };
  };
}
export type MailComposer = ReturnType<typeof createMailComposer>;
