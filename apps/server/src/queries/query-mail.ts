import type { QueryForm } from '@voltline/shared/query-form';
import type { MailMessage } from '../platform/mailer.ts';
import { createShopMail } from '../notifications/order-mail.ts';

/** What the shop's contact address (SHOP_NOTIFY_EMAIL) hears of a visitor's query; a reply goes to the visitor. */
export function createQueryMail(shopName: string) {
  const mail = createShopMail(shopName);
  return (shopEmail: string, query: QueryForm, inboxLink: string): MailMessage =>
    mail(
      shopEmail,
      `new query from ${query.name}`,
      [
        `From: ${query.name} <${query.email}>`,
        `Phone: ${query.phone}`,
        `Role: ${query.role}`,
        '',
        ...(query.query ? query.query.split('\n') : ['(No question written: the visitor asks to be contacted.)']),
        '',
        { words: 'Mark it answered in the Queries inbox:', link: inboxLink },
      ],
      { replyTo: query.email, link: inboxLink },
    );
}
export type QueryMail = ReturnType<typeof createQueryMail>;
