import { stockAlertMessages } from '@voltline/shared/stock-alert-messages';
import { createShopMail } from '../notifications/order-mail.ts';
import type { MailMessage } from '../platform/mailer.ts';

/** The one mail an alert sends: the tool is back, its page, and the way to stop such mail in one click. */
export function createStockAlertMail(shopName: string, publicUrl: string) {
  const mail = createShopMail(shopName);
  return (email: string, tool: { id: string; toolName: string }, unsubscribeUrl: string): MailMessage => {
    const toolLink = `${publicUrl}/tools/${encodeURIComponent(tool.id)}`;
    return {
      ...mail(
        email,
        `${tool.toolName} is back in stock`,
        [
          'Hello,',
          `${tool.toolName} is back in stock. You asked us to tell you when it is: this is the one mail we send about it.`,
          '',
          `Order it here: ${toolLink}`,
          '',
          `${stockAlertMessages.unsubscribeQuestion.replace('?', '')}: ${unsubscribeUrl}`,
        ],
        { link: toolLink },
      ),
      unsubscribeUrl,
    };
  };
}
export type StockAlertMail = ReturnType<typeof createStockAlertMail>;
