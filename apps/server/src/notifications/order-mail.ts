import { formatMoney } from '@voltline/shared/money';
import type { Shipment } from '@voltline/shared/shipments';
import { escapeHtml, type DocumentAttachment, type MailMessage } from '../platform/mailer.ts';

interface OrderFacts {
  id: string;
  product: string;
  quantity: number;
  unitPrice: number;
  price: number;
  buyer: string;
  buyerEamil: string;
  address: string;
  purchaseDate: string;
  transactionId?: string | null;
  lines: { product: string; quantity: number; unitPrice: number; lineTotal: number }[];
}

/** A one-line order reads as before lines existed; an order of several tools lists each with its units and line total. */
const whatWasOrdered = (order: OrderFacts) =>
  order.lines.length > 1
    ? order.lines.map((line) => `${line.product}: ${line.quantity} x ${formatMoney(line.unitPrice)} = ${formatMoney(line.lineTotal)}`)
    : [`Product: ${order.product}`, `Quantity: ${order.quantity}`, `Unit price: ${formatMoney(order.unitPrice)}`];

const orderLines = (order: OrderFacts) => [
  `Order: ${order.id}`,
  `Date: ${order.purchaseDate}`,
  ...whatWasOrdered(order),
  `Total: ${formatMoney(order.price)}`,
  `Delivery address: ${order.address}`,
];

/**
 * A mail from the shop, signed with its name (SHOP_LEGAL_NAME): plain text and the same in simple
 * HTML; no images, no tracking.
 */
export function createShopMail(shopName: string) {
  return (to: string, subject: string, lines: string[], extra: Pick<MailMessage, 'link' | 'documents' | 'replyTo'> = {}): MailMessage => {
    const text = [...lines, '', `— ${shopName}`].join('\n');
    const html = `${lines.map((line) => (line === '' ? '' : `<p>${escapeHtml(line)}</p>`)).join('\n')}\n<p>— ${escapeHtml(shopName)}</p>`;
    return { to, subject: `${shopName}: ${subject}`, text, html, ...extra };
  };
}

/** Every mail about an order. */
export function createOrderMail(shopName: string) {
  const mail = createShopMail(shopName);

  return {
    /** Composed when it is sent (see mail-composer.ts): the order is placed in a single SQL statement. */
    placed: (order: OrderFacts, paymentLink: string) =>
      mail(
        order.buyerEamil,
        'order placed',
        [
          `Hello ${order.buyer},`,
          'thank you for your order. It is reserved for you once it is paid.',
          '',
          ...orderLines(order),
          '',
          `Pay it here: ${paymentLink}`,
          'Unpaid orders are canceled after a few days.',
        ],
        { link: paymentLink },
      ),
    paymentReceived: (order: OrderFacts, invoice?: DocumentAttachment) =>
      mail(
        order.buyerEamil,
        'payment received',
        [
          `Hello ${order.buyer},`,
          'we received your payment. Thank you!',
          '',
          ...orderLines(order),
          `Transaction id: ${order.transactionId}`,
          ...(invoice ? [`Invoice: ${invoice.number} (attached)`] : []),
          '',
          'We will tell you when your order ships.',
        ],
        invoice ? { documents: [invoice] } : {},
      ),
    /** A parcel: what is in it, who carries it and where to follow it; the last one ships the order. */
    shipped: (order: OrderFacts, shipment: Shipment, complete: boolean) =>
      mail(
        order.buyerEamil,
        complete ? 'your order has shipped' : 'part of your order has shipped',
        [
          `Hello ${order.buyer},`,
          complete ? 'your order is on its way.' : 'a parcel of your order is on its way; we will tell you when the rest ships.',
          '',
          'In this parcel:',
          ...shipment.lines.map((line) => `${line.quantity} x ${line.product}${line.serialNumbers.length > 0 ? ` (serial numbers ${line.serialNumbers.join(', ')})` : ''}`),
          ...(shipment.carrier ? [`Carrier: ${shipment.carrier}`, `Tracking number: ${shipment.trackingNumber}`, `Track it: ${shipment.trackingUrl}`] : []),
          '',
          ...orderLines(order),
        ],
        shipment.trackingUrl ? { link: shipment.trackingUrl } : {},
      ),
    cancelled: (order: OrderFacts, reason: string) =>
      mail(order.buyerEamil, 'your order was canceled', [`Hello ${order.buyer},`, `your order was canceled ${reason}.`, '', ...orderLines(order)]),
    refunded: (order: OrderFacts & { refundedAmount: number }, refund: { amount: number; reason: string }, creditNote?: DocumentAttachment) =>
      mail(
        order.buyerEamil,
        'money refunded',
        [
          `Hello ${order.buyer},`,
          `we refunded ${formatMoney(refund.amount)} to your card: ${refund.reason}.`,
          order.refundedAmount === order.price
            ? 'Your order is refunded in full.'
            : `Refunded so far: ${formatMoney(order.refundedAmount)} of ${formatMoney(order.price)}.`,
          ...(creditNote ? [`Credit note: ${creditNote.number} (attached)`] : []),
          '',
          ...orderLines(order),
          'Your bank may take a few days to show it.',
        ],
        creditNote ? { documents: [creditNote] } : {},
      ),
    newPaidOrder: (shopEmail: string, order: OrderFacts) =>
      mail(shopEmail, `new paid order from ${order.buyer}`, [
        ...orderLines(order),
        `Buyer: ${order.buyer} <${order.buyerEamil}>`,
        `Transaction id: ${order.transactionId}`,
      ]),
    stockLow: (shopEmail: string, tool: { toolName: string; availableQuantity: number; minimumOrderQuantity: number }) =>
      mail(shopEmail, `${tool.toolName} is low on stock`, [
        `${tool.toolName}: ${tool.availableQuantity} left, below its minimum order quantity of ${tool.minimumOrderQuantity}.`,
        'Customers cannot order it at the minimum until it is restocked.',
      ]),
  };
}
export type OrderMail = ReturnType<typeof createOrderMail>;
