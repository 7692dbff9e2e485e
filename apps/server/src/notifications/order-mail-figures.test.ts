import { describe, expect, it } from 'vitest';
import { toCents } from '@voltline/shared/money';
import type { Order } from '@voltline/shared/order';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { card, createIntent, freshTool } from '../test-support/test-orders.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/** "$1,234.56" or "-$5.00" in cents. */
const cents = (amount: string) => toCents(Number(amount.replace(/[$,]/g, '')));

/** The mail's plain-text part: what comes before its HTML part. */
const textPart = (mail: string) => mail.split('Content-Type: text/html')[0]!;

/**
 * What a mail says the order holds and costs, read from its text: every line's units, unit price and
 * total, and each figure row by its label.
 */
function figuresOf(mail: string) {
  const text = textPart(mail);
  const lines = [...text.matchAll(/^(.+) x (\d+) at (\$[\d,.]+): (\$[\d,.]+)$/gm)].map(([, product, units, unitPrice, lineTotal]) => ({
    product,
    units: Number(units),
    unitPrice: cents(unitPrice!),
    lineTotal: cents(lineTotal!),
  }));
  const row = (label: RegExp) => [...text.matchAll(new RegExp(`^${label.source}: (-?\\$[\\d,.]+)$`, 'gm'))].map((match) => cents(match.at(-1)!));
  const vat = [...text.matchAll(/^VAT [\d.]+% included \(on (\$[\d,.]+)\): (\$[\d,.]+)$/gm)].map(([, net, vat]) => ({ net: cents(net!), vat: cents(vat!) }));
  return { lines, subtotal: row(/Subtotal/), coupon: row(/Coupon [A-Z0-9-]+/), delivery: row(/Delivery/), deliveryDiscount: row(/Delivery discount/), vat, total: row(/Total/) };
}

/** The mail adds up to the cent, and says what the order keeps. */
function expectFiguresOfOrder(mail: string, order: Order) {
  const figures = figuresOf(mail);
  expect(figures.lines.map((line) => line.units)).toEqual(order.lines.map((line) => line.quantity));
  for (const line of figures.lines) expect(line.units * line.unitPrice).toBe(line.lineTotal);
  const [subtotal] = figures.subtotal;
  expect(figures.lines.reduce((sum, line) => sum + line.lineTotal, 0)).toBe(subtotal);
  expect(subtotal).toBe(toCents(order.subtotal));
  expect(figures.coupon).toEqual([-toCents(order.couponDiscount)]);
  expect(figures.delivery).toEqual([toCents(order.deliveryCharge)]);
  expect(figures.deliveryDiscount).toEqual([-toCents(order.deliveryDiscount)]);
  // Prices with VAT in them: the total is what the rows above make, and the VAT shares make it again.
  const total = subtotal! + figures.coupon[0]! + figures.delivery[0]! + figures.deliveryDiscount[0]!;
  expect(figures.total).toEqual([total]);
  expect(total).toBe(toCents(order.total));
  expect(figures.vat.reduce((sum, share) => sum + share.net + share.vat, 0)).toBe(total);
}

const subjectOf = (mail: string) => /^Subject: (.*(?:\r?\n[ \t].*)*)$/m.exec(mail)?.[1]?.replace(/\r?\n[ \t]/g, ' ');

/**
 * Issue 43: the "order placed" mail's lines made $2,404.99 and its total $2,164.49, with no coupon
 * or delivery line, and its "Pay it here" was plain text in the HTML part.
 */
describe.each(testDatabaseKinds)("the order mails' figures on $name", (kind) => {
  // A German shop with VAT in its prices, the home delivery rate ($4.90) and the promotion's 10 % off it.
  const shop = useTestShop(kind, { users: true, delivery: 'shop', environment: { SHOP_VAT_RATE: '19', SHOP_COUNTRY: 'DE', PUBLIC_URL: 'http://shop.test' } });
  const call = (method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    shop.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(user) });
  const deliver = () => shop.core.notificationDispatcher.deliverDue(new Date());
  const mailsOf = (orderNumber: string) => shop.outbox().filter((mail) => subjectOf(mail)?.includes(orderNumber));

  /** Three tools, a coupon of $5 off, to Berlin: every figure of an order is in it. */
  async function placeThreeTools(buyer: TestUser): Promise<Order> {
    const tools = [await freshTool(shop, 50, 1, 20), await freshTool(shop, 50, 1, 15.5), await freshTool(shop, 50, 1, 7.25)];
    for (const [index, tool] of tools.entries()) expect((await call('PUT', `/api/cart/lines/${tool._id}`, buyer, { quantity: index + 1 })).statusCode).toBe(200);
    const placed = await call('POST', '/api/checkout', buyer, {
      phone: '5550100',
      country: 'DE',
      deliveryName: 'Greta Baumann',
      deliveryStreet: 'Invalidenstrasse 1',
      deliveryPostcode: '10115',
      deliveryCity: 'Berlin',
      couponCode: 'MAILFIVE',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    return (await call('GET', `/api/purchasedSingle/${placed.json().insertedId}`, buyer)).json();
  }

  async function pay(buyer: TestUser, order: Order) {
    const intent = await createIntent(shop, buyer, order._id);
    const confirmed = await shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret: intent.json().clientSecret, card: card('4242424242424242') } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  it('prints the lines, the coupon, delivery and its discount, VAT and the total the order keeps, adding up to the cent, the way to pay a link, the number in the subject', async () => {
    expect((await call('POST', '/api/admin/coupons', shop.admin, { code: 'MAILFIVE', amountOff: 5 })).statusCode).toBe(200);
    expect((await call('PUT', '/api/admin/delivery-promotion', shop.admin, { percentOff: 10, active: true, until: null })).statusCode).toBe(200);
    const buyer = await registerUser(shop);
    const order = await placeThreeTools(buyer);
    // Every figure is there to be printed: 20 + 2 x 15.50 + 3 x 7.25, $5 off, $4.90 less 10 %.
    expect(order).toMatchObject({ subtotal: 72.75, couponDiscount: 5, deliveryCharge: 4.9, deliveryDiscount: 0.49, total: 72.16 });
    await deliver();

    const [placed] = mailsOf(order.orderNumber);
    expect(subjectOf(placed!)).toBe(`Voltline Tools: order ${order.orderNumber} placed`);
    expectFiguresOfOrder(placed!, order);
    expect(textPart(placed!)).toContain('Coupon MAILFIVE: -$5.00');
    const paymentLink = `http://shop.test/payment/${order._id}`;
    expect(textPart(placed!)).toContain(`Pay it here: ${paymentLink}`);
    expect(placed).toContain(`<a href="${paymentLink}">${paymentLink}</a>`);
    // The id stays in the link; the mail names the order by its number.
    expect(textPart(placed!)).toContain(`Order: ${order.orderNumber}`);
  });

  it('prints the same figures in the payment, shipping and refund mails, and in a cancellation, each naming the order in its subject', async () => {
    const buyer = await registerUser(shop);
    const order = await placeThreeTools(buyer);
    await pay(buyer, order);
    expect((await call('PATCH', `/api/deliverConfirm/${order._id}`, shop.admin, {})).statusCode).toBe(200);
    const refund = await call('POST', `/api/adminPurchased/${order._id}/refund`, shop.admin, { amount: 10, reason: 'a scratched case' });
    expect(refund.statusCode, refund.body).toBe(200);
    const cancelled = await placeThreeTools(buyer);
    expect((await call('DELETE', `/api/purchasedSingle/${cancelled._id}`, buyer)).statusCode).toBe(200);
    await deliver();

    const subjects = mailsOf(order.orderNumber).map(subjectOf);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Voltline Tools: payment received for order ${order.orderNumber}`,
        `Voltline Tools: your order ${order.orderNumber} has shipped`,
        `Voltline Tools: money refunded for order ${order.orderNumber}`,
      ]),
    );
    for (const mail of mailsOf(order.orderNumber)) expectFiguresOfOrder(mail, order);
    const [cancellation] = mailsOf(cancelled.orderNumber).filter((mail) => subjectOf(mail)?.endsWith('was canceled'));
    expect(subjectOf(cancellation!)).toBe(`Voltline Tools: your order ${cancelled.orderNumber} was canceled`);
    expectFiguresOfOrder(cancellation!, cancelled);
    const myOrders = 'http://shop.test/dashboard/myorders';
    expect(cancellation).toContain(`<a href="${myOrders}">${myOrders}</a>`);
  });
});
