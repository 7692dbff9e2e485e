import { businessAccountMessages } from '@voltline/shared/business-accounts';
import type { MailMessage } from '../platform/mailer.ts';
import { createShopMail } from '../notifications/order-mail.ts';

/** What a customer hears when an admin decides their application (through the outbox). */
export function createBusinessAccountMail(shopName: string, publicUrl: string) {
  const mail = createShopMail(shopName);
  const profileLink = `${publicUrl}/dashboard`;
  return {
    approved: (to: string, company: string): MailMessage =>
      mail(to, 'your business account is approved', [businessAccountMessages.approvedMail(company), '', { words: 'Your account:', link: profileLink }], { link: profileLink }),
    refused: (to: string, company: string, reason: string): MailMessage =>
      mail(to, 'your business account application', [businessAccountMessages.refusedMail(company, reason), '', { words: 'Apply again from My Profile:', link: profileLink }], { link: profileLink }),
  };
}
export type BusinessAccountMail = ReturnType<typeof createBusinessAccountMail>;
