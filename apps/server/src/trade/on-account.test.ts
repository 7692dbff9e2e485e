import { fromCents, toCents } from '@voltline/shared/money';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onAccountMessages } from '@voltline/shared/on-account';
import type { Order } from '@voltline/shared/order';
import { VAT_ID_EXAMPLES } from '@voltline/shared/vat-id-examples';
import type { Tool } from '@voltline/shared/tool';
import { pdfText } from '@voltline/test-kit/pdf-text';
import { orderEvents, orders, tools } from '../db/schema.ts';
import type { TestShop } from '../test-support/test-app.ts';
import { describeRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { callerOf, createIntent, freshTool } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { queuedMails } from '../test-support/queued-mails.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/*
 * Paying on account (issue 39, part 3; decision 060), through the routes the web app calls; the
 * reminder job and the expiry job driven directly with a clock.
 */

const DAY = 24 * 60 * 60 * 1000;
const DELIVERY = { phone: '5550100', address: '1 Circuit Road', country: 'US' };
const APPLICATION = { companyName: 'Ohm & Sons Ltd', vatId: VAT_ID_EXAMPLES.FR, billingStreet: '3 Rue Ampère', billingPostcode: '75017', billingCity: 'Paris', billingCountry: 'FR' };

function onAccountCalls(shop: TestShop) {
  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const ok = async (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const answer = await call(user, method, url, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  /** A customer whose business account is approved, with these payment terms. */
  const business = async (admin: TestUser, terms: { netDays: number; creditLimit: number }) => {
    const buyer = await registerUser(shop);
    const account = await ok(buyer, 'POST', '/api/business-account', APPLICATION);
    await ok(admin, 'POST', `/api/admin/business-accounts/${account._id}/approve`, {});
    await ok(admin, 'PUT', `/api/admin/business-accounts/${account._id}/payment-terms`, terms);
    return { buyer, accountId: account._id as string };
  };
  /** The tool in the buyer's cart, then checked out with these choices. */
  const checkout = async (buyer: TestUser, tool: Tool, quantity: number, choices: object) => {
    await ok(buyer, 'PUT', `/api/cart/lines/${tool._id}`, { quantity });
    return call(buyer, 'POST', '/api/checkout', { ...DELIVERY, ...choices });
  };
  const order = (user: TestUser, orderId: string): Promise<Order> => ok(user, 'GET', `/api/purchasedSingle/${orderId}`);
  const mails = (eventType: string, to: string) => queuedMails(shop, eventType, to);
  /** An order on account just placed: a new business customer whom this admin gave these terms, and a tool of its own so its stock is the test's alone. */
  const orderOnAccount = async (admin: TestUser, terms: { netDays: number; creditLimit: number }, quantity: number) => {
    const tool = await freshTool(shop, 10, 1, 100);
    const { buyer } = await business(admin, terms);
    const orderId: string = (await checkout(buyer, tool, quantity, { paymentMethod: 'account' })).json().insertedId;
    return { tool, buyer, orderId };
  };
  const promised = async (tool: Tool) => (await shop.database.db.select({ promised: tools.promisedQuantity }).from(tools).where(eq(tools.id, tool._id)))[0]!.promised;
  return { call, ok, business, checkout, order, mails, orderOnAccount, promised };
}

describe.each(testDatabaseKinds)('paying on account on $name', (kind) => {
  const shop = useTestShop(kind, { users: true });
  const calls = () => onAccountCalls(shop);

  it('places an order on account within the credit limit (invoiced at once: due date, purchase order number, bank details; units promised) and refuses one past it, or without terms, in words', async () => {
    const { call, ok, business, checkout, order, promised } = calls();
    const tool = await freshTool(shop, 10, 1, 100);
    const { buyer, accountId } = await business(shop.admin, { netDays: 30, creditLimit: 250 });
    expect((await ok(buyer, 'GET', '/api/business-account')).paymentTerms).toEqual({ netDays: 30, creditLimit: 250, openOnAccount: 0, creditAvailable: 250 });

    // A consumer has no terms; a card order of the business is as before.
    const consumer = await checkout(shop.customer, tool, 1, { paymentMethod: 'account' });
    expect(consumer.statusCode).toBe(409);
    expect(consumer.json().message).toBe(onAccountMessages.noTerms);
    await call(shop.customer, 'DELETE', `/api/cart/lines/${tool._id}`);

    const placed = await checkout(buyer, tool, 2, { paymentMethod: 'account', purchaseOrderNumber: ' PO-4711 ' });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId: string = placed.json().insertedId;
    const onAccount = await order(buyer, orderId);
    const dueOn = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    expect(onAccount).toMatchObject({ status: 'unpaid', paymentDueOn: dueOn, purchaseOrderNumber: 'PO-4711', bankPaidAmount: 0, invoiceNumber: expect.stringMatching(/^INV-/) });
    expect(await promised(tool)).toBe(2);
    // Paid by transfer only: a card would promise its units twice.
    const intent = await createIntent(shop, buyer, orderId);
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toBe(onAccountMessages.payByTransfer);

    // The invoice names the company, the purchase order, the due date, the bank and the reference.
    const pdf = await call(buyer, 'GET', `/api/purchasedSingle/${orderId}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const words of ['Ohm & Sons Ltd', 'Your purchase order: PO-4711', 'Payment: Bank transfer (on account)', 'Payment due by:', 'IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX', `Payment reference: ${onAccount.invoiceNumber}`]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('Paid');

    // The open $200 and another $200 would pass $250: refused in words, nothing written, the cart kept.
    const ordersBefore = await shop.database.db.$count(orders);
    const past = await checkout(buyer, tool, 2, { paymentMethod: 'account' });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe(onAccountMessages.overCreditLimit(250, onAccount.price));
    expect(await shop.database.db.$count(orders)).toBe(ordersBefore);
    expect(await promised(tool)).toBe(2);
    expect((await ok(buyer, 'GET', '/api/cart')).lines).toHaveLength(1);
    expect((await ok(shop.admin, 'GET', `/api/admin/business-accounts?state=approved`)).find((account: { _id: string }) => account._id === accountId).paymentTerms).toEqual({
      netDays: 30,
      creditLimit: 250,
      openOnAccount: onAccount.price,
      creditAvailable: fromCents(toCents(250) - toCents(onAccount.price)),
    });
  });

  it('records bank payments in parts and pays the order when the whole is in; never more than it owes', async () => {
    const { call, ok, order, mails, orderOnAccount } = calls();
    const { buyer, orderId } = await orderOnAccount(shop.admin, { netDays: 14, creditLimit: 1000 }, 1);
    const { price } = await order(buyer, orderId);

    const listed = await ok(shop.admin, 'GET', '/api/admin/orders-on-account?limit=100');
    expect(listed.find((row: { _id: string }) => row._id === orderId)).toMatchObject({ companyName: 'Ohm & Sons Ltd', total: price, paid: 0, outstanding: price, daysOverdue: 0 });
    // Customers may not record payments (the authorization matrix holds every admin route).
    expect((await call(buyer, 'POST', `/api/admin/orders/${orderId}/bank-payments`, { amount: 1 })).statusCode).toBe(403);

    const part = await ok(shop.admin, 'POST', `/api/admin/orders/${orderId}/bank-payments`, { amount: 40, reference: 'Bank statement 12' });
    expect(part).toMatchObject({ status: 'unpaid', bankPaidAmount: 40, delivery: 'pending' });
    const tooMuch = await call(shop.admin, 'POST', `/api/admin/orders/${orderId}/bank-payments`, { amount: price });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe(onAccountMessages.moreThanOwed(price - 40));

    const rest = Math.round((price - 40) * 100) / 100;
    const paid = await ok(shop.admin, 'POST', `/api/admin/orders/${orderId}/bank-payments`, { amount: rest });
    expect(paid).toMatchObject({ status: 'paid', bankPaidAmount: price, delivery: 'pending' });
    expect(await mails('order.paid', buyer.email)).toHaveLength(1);
    const history = await shop.database.db.select({ type: orderEvents.type }).from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(history.map((event) => event.type).sort()).toEqual(['bank_payment', 'bank_payment', 'paid', 'placed', 'placed']);
    expect((await ok(shop.admin, 'GET', '/api/admin/orders-on-account?limit=100')).map((row: { _id: string }) => row._id)).not.toContain(orderId);
    expect((await call(shop.admin, 'POST', `/api/admin/orders/${orderId}/bank-payments`, { amount: 1 })).json().message).toBe(onAccountMessages.notOpen);
  });

  it('ships an order on account before it is paid, as trade terms mean; the transfer that completes it leaves it shipped', async () => {
    const { call, ok, order, mails, promised, orderOnAccount } = calls();
    const { tool, buyer, orderId } = await orderOnAccount(shop.admin, { netDays: 30, creditLimit: 1000 }, 2);
    const placed = await order(buyer, orderId);
    expect(placed).toMatchObject({ status: 'unpaid', delivery: 'pending' });
    expect(await promised(tool)).toBe(2);

    const shipped = await call(shop.admin, 'PATCH', `/api/deliverConfirm/${orderId}`, { delivery: 'shipped' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'unpaid', delivery: 'shipped' });
    // The units left the shelf: no longer promised, no longer on hand.
    expect(await promised(tool)).toBe(0);
    const [{ onHand }] = (await shop.database.db.select({ onHand: tools.availableQuantity }).from(tools).where(eq(tools.id, tool._id))) as [{ onHand: number }];
    expect(onHand).toBe(8);

    const paid = await ok(shop.admin, 'POST', `/api/admin/orders/${orderId}/bank-payments`, { amount: placed.price, reference: 'Statement 7' });
    expect(paid).toMatchObject({ status: 'paid', delivery: 'shipped', bankPaidAmount: placed.price });
    const [paidMail] = await mails('order.paid', buyer.email);
    expect(JSON.stringify(paidMail!.payload)).toContain('Your order has already shipped.');
    expect(JSON.stringify(paidMail!.payload)).not.toContain('We will tell you when your order ships.');
  });

  it('never lets the unpaid-order expiry cancel an order on account, and mails each overdue reminder once', async () => {
    const { call, ok, order, mails, orderOnAccount } = calls();
    const { buyer, orderId } = await orderOnAccount(shop.admin, { netDays: 10, creditLimit: 1000 }, 1);
    const { paymentDueOn } = await order(buyer, orderId);
    const due = Date.parse(`${paymentDueOn}T12:00:00Z`);

    await shop.core.adminOrders.cancelExpiredUnpaidOrders(7, new Date(due + 60 * DAY));
    expect((await order(buyer, orderId)).cancelled).toBe(false);
    const cancel = await call(buyer, 'DELETE', `/api/purchasedSingle/${orderId}`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(onAccountMessages.cannotCancel);

    const reminders = async (daysOverdue: number) => {
      await shop.core.onAccount.remindOverdue(new Date(due + daysOverdue * DAY));
      return (await mails('order.overdue', buyer.email)).length;
    };
    expect(await reminders(6)).toBe(0);
    expect(await reminders(7)).toBe(1);
    expect(await reminders(8)).toBe(1);
    expect(await reminders(13)).toBe(1);
    expect(await reminders(14)).toBe(2);
    expect(await reminders(14)).toBe(2);
    const [mail] = await mails('order.overdue', buyer.email);
    expect(JSON.stringify(mail!.payload)).toContain('is still open');

    // Overdue by the real clock: the admins' overdue list shows it.
    await shop.database.db.update(orders).set({ paymentDueOn: sql`current_date - 3` }).where(eq(orders.id, orderId));
    const overdue = await ok(shop.admin, 'GET', '/api/admin/orders-on-account?overdue=true');
    expect(overdue.find((row: { _id: string }) => row._id === orderId)).toMatchObject({ daysOverdue: 3, remindersSent: 2 });
  });
});

describeRaces('racing checkouts on account', (kind) => {
  const shop = useTestShop(kind, { users: true });
  const TRIALS = 2;
  const AT_ONCE = 20;

  it(`${AT_ONCE} orders on account of one company at once never pass its credit limit`, async () => {
    const { ok, business } = onAccountCalls(shop);
    const tool = await freshTool(shop, 1000, 1, 100);
    for (let trial = 0; trial < TRIALS; trial++) {
      // Room for exactly five orders of one unit ($100 each, no delivery charge, no VAT on the test shop).
      const { buyer } = await business(shop.admin, { netDays: 30, creditLimit: 500 });
      const caller = await callerOf(shop, buyer);
      const results = await Promise.allSettled(
        Array.from({ length: AT_ONCE }, () =>
          shop.core.lifecycle.placeLines(caller, { lines: [{ toolId: tool._id, quantity: 1 }], ...DELIVERY, pricing: { country: 'US' }, payment: { method: 'account' } }),
        ),
      );
      const refused = results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason.message);
      expect(new Set(refused)).toEqual(new Set([onAccountMessages.overCreditLimit(500, 500)]));
      expect((await ok(buyer, 'GET', '/api/business-account')).paymentTerms.openOnAccount).toBe(500);
    }
  });
});
