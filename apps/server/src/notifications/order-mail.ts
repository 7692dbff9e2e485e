import { formatMoney } from '@voltline/shared/money';
import { onAccountMessages } from '@voltline/shared/on-account';
import type { Order } from '@voltline/shared/order';
import { lineWords, orderFigureRows } from '@voltline/shared/order-figure-rows';
import type { Return, ReturnStatus } from '@voltline/shared/returns';
import type { Shipment } from '@voltline/shared/shipments';
import { escapeHtml, type DocumentAttachment, type MailMessage } from '../platform/mailer.ts';

/** The order as the API answers it (amounts in dollars, its lines and figures), with its id. */
type OrderFacts = Order & { id: string };

/**
 * A line of a mail: text, or words followed by an address, which the HTML part makes a link a
 * reader can press (issue 43: "Pay it here" was plain text there) and the text part writes out.
 */
type MailLine = string | { words: string; link: string };

const lineText = (line: MailLine) => (typeof line === 'string' ? line : `${line.words} ${line.link}`);
const lineHtml = (line: MailLine) =>
  typeof line === 'string'
    ? line === ''
      ? ''
      : `<p>${escapeHtml(line)}</p>`
    : `<p>${escapeHtml(line.words)} <a href="${escapeHtml(line.link)}">${escapeHtml(line.link)}</a></p>`;

/**
 * What the order holds and costs, as the order keeps it (issue 43: a mail whose lines made more than
 * its total): every line with its units, unit price and line total, then the rows the payment page
 * shows (subtotal, coupon, delivery and its discount, VAT, total), which add up to the cent.
 */
const orderLines = (order: OrderFacts): MailLine[] => [
  `Order: ${order.orderNumber}`,
  `Date: ${order.purchaseDate}`,
  '',
  ...order.lines.map((line) => `${lineWords(line)}: ${formatMoney(line.lineTotal)}`),
  '',
  ...orderFigureRows(order, order.couponCode).map((row) => `${row.label}: ${row.value}`),
  '',
  `Delivery address: ${order.address}`,
];

/**
 * A mail from the shop, signed with its name (SHOP_LEGAL_NAME): plain text and the same in simple
 * HTML; no images, no tracking.
 */
export function createShopMail(shopName: string) {
  return (to: string, subject: string, lines: MailLine[], extra: Pick<MailMessage, 'link' | 'documents' | 'replyTo'> = {}): MailMessage => {
    const text = [...lines.map(lineText), '', `— ${shopName}`].join('\n');
    const html = `${lines.map(lineHtml).join('\n')}\n<p>— ${escapeHtml(shopName)}</p>`;
    return { to, subject: `${shopName}: ${subject}`, text, html, ...extra };
  };
}

/** A return's time as its acknowledgement states it: the date and the minute, in UTC. */
const returnTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** What each step of a return tells the buyer first. */
const RETURN_STEP_WORDS: Record<ReturnStatus, (ret: Return) => string[]> = {
  requested: (ret) => [
    ret.reason === 'withdrawal' ? 'we received your withdrawal from the contract.' : 'we received your return request.',
    'We will tell you how to send the units back.',
  ],
  authorised: (ret) => ['your return is accepted. Please send the units back:', ret.instructions || 'to the address on your invoice.'],
  refused: (ret) => [`we cannot accept your return: ${ret.refusalReason ?? ''}`],
  received: () => ['the units you returned have arrived. We will refund you shortly.'],
  refunded: (ret) => [`your return is refunded: ${formatMoney(ret.refundedAmount ?? 0)} goes back to your card (the credit note comes in a separate mail).`],
};

/** Every mail about an order; each names the order by its number, in its subject too. */
export function createOrderMail(shopName: string, publicUrl: string) {
  const mail = createShopMail(shopName);
  const myOrders: MailLine = { words: 'Your orders:', link: `${publicUrl}/dashboard/myorders` };

  /** Placed on account: invoiced at once (the invoice is on My Orders), paid by bank transfer by its due date. */
  const placedOnAccount = (order: OrderFacts) =>
    mail(order.buyerEamil, `order ${order.orderNumber} placed on account`, [
      `Hello ${order.buyer},`,
      `thank you for your order. It is reserved for you and invoiced on account (invoice ${order.invoiceNumber ?? ''}): please pay it by bank transfer by ${order.paymentDueOn ?? ''}, with the invoice's number as the reference.`,
      '',
      ...orderLines(order),
      '',
      myOrders,
    ]);

  return {
    /** Composed when it is sent (see mail-composer.ts): the order is placed in a single SQL statement. */
    placed: (order: OrderFacts) => {
      if (order.paymentDueOn) return placedOnAccount(order);
      const paymentLink = `${publicUrl}/payment/${encodeURIComponent(order.id)}`;
      return mail(
        order.buyerEamil,
        `order ${order.orderNumber} placed`,
        [
          `Hello ${order.buyer},`,
          'thank you for your order. It is reserved for you once it is paid.',
          '',
          ...orderLines(order),
          '',
          { words: 'Pay it here:', link: paymentLink },
          'Unpaid orders are canceled after a few days.',
        ],
        { link: paymentLink },
      );
    },
    /** An order on account's overdue reminder (decision 060), its invoice attached again: it says where to pay. */
    overdue: (order: OrderFacts, daysOverdue: number, invoice?: DocumentAttachment) =>
      mail(
        order.buyerEamil,
        onAccountMessages.reminderSubject(order.orderNumber),
        [
          `Hello ${order.buyer},`,
          onAccountMessages.reminderMail(order.orderNumber, formatMoney(order.price - order.bankPaidAmount), order.paymentDueOn ?? '', daysOverdue),
          ...(invoice ? [`Invoice: ${invoice.number} (attached), with the account to pay to and the payment reference.`] : []),
          '',
          ...orderLines(order),
          '',
          myOrders,
        ],
        invoice ? { documents: [invoice] } : {},
      ),
    paymentReceived: (order: OrderFacts, invoice?: DocumentAttachment) =>
      mail(
        order.buyerEamil,
        `payment received for order ${order.orderNumber}`,
        [
          `Hello ${order.buyer},`,
          'we received your payment. Thank you!',
          '',
          ...orderLines(order),
          `Transaction id: ${order.transactionId}`,
          ...(invoice ? [`Invoice: ${invoice.number} (attached)`] : []),
          '',
          // An order on account may have shipped before its transfer came in.
          order.delivery === 'shipped' ? 'Your order has already shipped.' : 'We will tell you when your order ships.',
          myOrders,
        ],
        invoice ? { documents: [invoice] } : {},
      ),
    /** A parcel: what is in it, who carries it and where to follow it; the last one ships the order. */
    shipped: (order: OrderFacts, shipment: Shipment, complete: boolean) =>
      mail(
        order.buyerEamil,
        complete ? `your order ${order.orderNumber} has shipped` : `part of your order ${order.orderNumber} has shipped`,
        [
          `Hello ${order.buyer},`,
          complete ? 'your order is on its way.' : 'a parcel of your order is on its way; we will tell you when the rest ships.',
          '',
          'In this parcel:',
          ...shipment.lines.map((line) => `${line.quantity} x ${line.product}${line.serialNumbers.length > 0 ? ` (serial numbers ${line.serialNumbers.join(', ')})` : ''}`),
          ...(shipment.carrier ? [`Carrier: ${shipment.carrier}`, `Tracking number: ${shipment.trackingNumber}`] : []),
          ...(shipment.trackingUrl ? [{ words: 'Track it:', link: shipment.trackingUrl }] : []),
          '',
          ...orderLines(order),
          '',
          myOrders,
        ],
        shipment.trackingUrl ? { link: shipment.trackingUrl } : {},
      ),
    /**
     * A return's step. The request's mail is the durable acknowledgement of a withdrawal (art. 11a
     * of Directive 2011/83/EU): the return's number, when it was received (UTC) and what goes back.
     */
    returnStep: (order: OrderFacts, ret: Return, step: ReturnStatus) =>
      mail(order.buyerEamil, `return ${ret.returnNumber} for order ${order.orderNumber} ${step}`, [
        `Hello ${order.buyer},`,
        ...RETURN_STEP_WORDS[step](ret),
        '',
        `Return: ${ret.returnNumber}`,
        `Order: ${order.orderNumber}`,
        `Requested: ${returnTime(ret.requestedAt)}`,
        `Reason: ${ret.reason}`,
        ...(ret.comment ? [`Your comment: ${ret.comment}`] : []),
        'What is returned:',
        ...ret.lines.map((line) => `${line.quantity} x ${line.product}${line.serialNumbers.length > 0 ? ` (serial numbers ${line.serialNumbers.join(', ')})` : ''}`),
        '',
        myOrders,
      ]),
    returnRequested: (shopEmail: string, order: OrderFacts, ret: Return) =>
      mail(shopEmail, `return ${ret.returnNumber} requested for order ${order.orderNumber} (${ret.reason})`, [
        ...ret.lines.map((line) => `${line.quantity} x ${line.product}`),
        `Buyer: ${order.buyer} <${order.buyerEamil}>`,
        { words: 'Returns:', link: `${publicUrl}/dashboard/returns/${ret._id}` },
      ]),
    cancelled: (order: OrderFacts, reason: string) =>
      mail(order.buyerEamil, `your order ${order.orderNumber} was canceled`, [`Hello ${order.buyer},`, `your order was canceled ${reason}.`, '', ...orderLines(order), '', myOrders]),
    refunded: (order: OrderFacts, refund: { amount: number; reason: string }, creditNote?: DocumentAttachment) =>
      mail(
        order.buyerEamil,
        `money refunded for order ${order.orderNumber}`,
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
          myOrders,
        ],
        creditNote ? { documents: [creditNote] } : {},
      ),
    newPaidOrder: (shopEmail: string, order: OrderFacts) =>
      mail(shopEmail, `new paid order ${order.orderNumber} from ${order.buyer}`, [
        ...orderLines(order),
        `Buyer: ${order.buyer} <${order.buyerEamil}>`,
        `Transaction id: ${order.transactionId}`,
        { words: 'Manage All Orders:', link: `${publicUrl}/dashboard/manageorders?q=${encodeURIComponent(order.orderNumber)}` },
      ]),
    stockLow: (shopEmail: string, tool: { toolName: string; availableQuantity: number; minimumOrderQuantity: number }) =>
      mail(shopEmail, `${tool.toolName} is low on stock`, [
        `${tool.toolName}: ${tool.availableQuantity} left, below its minimum order quantity of ${tool.minimumOrderQuantity}.`,
        'Customers cannot order it at the minimum until it is restocked.',
      ]),
  };
}
export type OrderMail = ReturnType<typeof createOrderMail>;
