import type { MailMessage } from '../mail/mailer.ts';

const SHOP_NAME = 'Voltline Tools';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface OrderFacts {
  id: string;
  product: string;
  quantity: number;
  price: number;
  buyer: string;
  buyerEamil: string;
  transactionId?: string | null;
}

/** Plain text and the same in simple HTML; no images, no tracking. */
function mail(to: string, subject: string, lines: string[]): MailMessage {
  const text = [...lines, '', `— ${SHOP_NAME}`].join('\n');
  const html = `${lines.map((line) => (line === '' ? '' : `<p>${escapeHtml(line)}</p>`)).join('\n')}\n<p>— ${SHOP_NAME}</p>`;
  return { to, subject: `${SHOP_NAME}: ${subject}`, text, html };
}

const orderLines = (order: OrderFacts) => [
  `Order: ${order.id}`,
  `Product: ${order.product}`,
  `Quantity: ${order.quantity}`,
  `Total: $${order.price}`,
];

export const orderMail = {
  paymentReceived: (order: OrderFacts) =>
    mail(order.buyerEamil, 'payment received', [
      `Hello ${order.buyer},`,
      'we received your payment. Thank you!',
      '',
      ...orderLines(order),
      `Transaction id: ${order.transactionId}`,
      '',
      'We will tell you when your order ships.',
    ]),
  shipped: (order: OrderFacts) =>
    mail(order.buyerEamil, 'your order has shipped', [`Hello ${order.buyer},`, 'your order is on its way.', '', ...orderLines(order)]),
  cancelled: (order: OrderFacts, reason: string) =>
    mail(order.buyerEamil, 'your order was cancelled', [`Hello ${order.buyer},`, `your order was cancelled ${reason}.`, '', ...orderLines(order)]),
  refunded: (order: OrderFacts & { refundedAmount: number }, refund: { amount: number; reason: string }) =>
    mail(order.buyerEamil, 'money refunded', [
      `Hello ${order.buyer},`,
      `we refunded $${refund.amount} to your card: ${refund.reason}.`,
      order.refundedAmount === order.price ? 'Your order is refunded in full.' : `Refunded so far: $${order.refundedAmount} of $${order.price}.`,
      '',
      ...orderLines(order),
      'Your bank may take a few days to show it.',
    ]),
  newPaidOrder: (shopEmail: string, order: OrderFacts) =>
    mail(shopEmail, `new paid order from ${order.buyer}`, [...orderLines(order), `Buyer: ${order.buyer} <${order.buyerEamil}>`, `Transaction id: ${order.transactionId}`]),
  stockLow: (shopEmail: string, tool: { toolName: string; availableQuantity: number; minimumOrderQuantity: number }) =>
    mail(shopEmail, `${tool.toolName} is low on stock`, [
      `${tool.toolName}: ${tool.availableQuantity} left, below its minimum order quantity of ${tool.minimumOrderQuantity}.`,
      'Customers cannot order it at the minimum until it is restocked.',
    ]),
};
