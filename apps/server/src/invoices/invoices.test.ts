import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '@voltline/shared/money';
import type { Tool } from '@voltline/shared/tool';
import { pdfText } from '@voltline/test-kit/pdf-text';
import { formatOrderNumber } from '@voltline/shared/order-number';
import { authUsers, creditNotes, invoices, notifications, orderEvents, orders, tools, userProfiles } from '../db/schema.ts';
import type { TestShop } from '../test-support/test-app.ts';
import { describeRaces, itRaces, testDatabaseKinds } from '../test-support/test-databases.ts';
import { card, createIntent, freshTool, placeOrder, placePaidOrder } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

const SHOP = { SHOP_LEGAL_NAME: 'Voltline Tools GmbH', SHOP_ADDRESS: '7 Ohm Street, 10115 Berlin', SHOP_TAX_ID: 'DE123456789' };
const PARALLEL_PAYMENTS = 50;

const download = (shop: TestShop, url: string, user?: TestUser) =>
  shop.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });

/** Places the orders, then pays them all at once through the built-in gateway, on the given shops in turn. */
async function payInParallel(shops: TestShop[], buyer: TestUser, tool: Tool, count: number): Promise<string[]> {
  const orderIds: string[] = [];
  const secrets: string[] = [];
  for (let index = 0; index < count; index++) {
    const shop = shops[index % shops.length]!;
    const orderId = await placeOrder(shop, buyer, tool, 1);
    orderIds.push(orderId);
    secrets.push((await createIntent(shop, buyer, orderId)).json().clientSecret);
  }
  const answers = await Promise.all(
    secrets.map((clientSecret, index) =>
      shops[index % shops.length]!.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } }),
    ),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
  return orderIds;
}

/** Every invoice number issued so far must run 1, 2, 3 ... without a gap or a repeat. */
async function expectGaplessInvoices(shop: TestShop, paidOrderIds: string[]) {
  const issued = await shop.database.db.select().from(invoices);
  const sequences = issued.map((invoice) => invoice.sequence).sort((a, b) => a - b);
  expect(sequences).toEqual(sequences.map((_sequence, index) => index + 1));
  expect(new Set(issued.map((invoice) => invoice.number)).size).toBe(issued.length);
  const ofThese = issued.filter((invoice) => paidOrderIds.includes(invoice.orderId));
  expect(new Set(ofThese.map((invoice) => invoice.orderId)).size).toBe(paidOrderIds.length);
  // Each order noted its own invoice's number, in the same transaction.
  const noted = await shop.database.db.select({ id: orders.id, invoiceNumber: orders.invoiceNumber }).from(orders).where(inArray(orders.id, paidOrderIds));
  expect(new Map(noted.map((order) => [order.id, order.invoiceNumber]))).toEqual(new Map(ofThese.map((invoice) => [invoice.orderId, invoice.number])));
}

describe.each(testDatabaseKinds)('invoices and credit notes on $name', (kind) => {
  const shop = useTestShop(kind, { environment: SHOP });
  let alice: TestUser;
  let mallory: TestUser;
  let admin: TestUser;
  let tool: Tool;
  beforeAll(async () => {
    alice = await registerUser(shop, { name: 'Alice Ampère' });
    mallory = await registerUser(shop, { name: 'Mallory Meter' });
    admin = await registerUser(shop, { role: 'admin' });
    tool = await freshTool(shop, 1000, 1, 1250, `Invoice Drill ${randomBytes(3).toString('hex')}`);
  });

  const invoiceUrl = (orderId: string) => `/api/purchasedSingle/${orderId}/invoice.pdf`;
  const creditNoteUrl = (orderId: string, number?: string) =>
    `/api/purchasedSingle/${orderId}/credit-note.pdf${number ? `?number=${encodeURIComponent(number)}` : ''}`;
  const invoiceOf = async (orderId: string) => (await shop.database.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!;
  const refund = (orderId: string, payload: { amount?: number; reason: string }) =>
    shop.app.inject({ method: 'POST', url: `/api/adminPurchased/${orderId}/refund`, headers: bearer(admin), payload });

  it("prints the paid order's invoice: number, shop, buyer, tool, amounts and payment", async () => {
    const orderId = await placePaidOrder(shop, alice, tool, 12);
    const invoice = await invoiceOf(orderId);
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    const response = await download(shop, invoiceUrl(orderId), alice);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const text = await pdfText(response.rawPayload);
    // The order by the number people know it by (issue 43), not its 36-character id.
    const [{ number }] = (await shop.database.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId))) as [{ number: number }];
    expect(text).not.toContain(orderId);
    for (const fact of [
      'Invoice',
      invoice.number,
      `Order: ${formatOrderNumber(number)}`,
      ...Object.values(SHOP),
      'Alice Ampère',
      alice.email,
      '5550100',
      '1 Circuit Road',
      tool.toolName,
      '12',
      '$1,250.00',
      'Total: $15,000.00',
      'Card (test payments)',
      invoice.transactionId,
      'Paid',
      // The shop charges no VAT (SHOP_VAT_RATE 0): its note, and a rate of nothing.
      'No VAT is charged.',
      'VAT id: DE123456789',
      'VAT payable: $0.00',
    ]) {
      expect(text).toContain(fact);
    }
    // The order's history names the invoice.
    const [paid] = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).then((rows) => rows.filter((row) => row.type === 'paid'));
    expect(paid!.detail).toContain(`invoice ${invoice.number}`);
    // Every answer with the order names it too: the order itself, My Orders and Manage All Orders.
    const order = (await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(alice) })).json();
    expect(order.invoiceNumber).toBe(invoice.number);
    const mine = (await shop.app.inject({ method: 'GET', url: '/api/purchased', headers: bearer(alice) })).json();
    expect(mine.find((listed: { _id: string }) => listed._id === orderId).invoiceNumber).toBe(invoice.number);
    const all = (await shop.app.inject({ method: 'GET', url: `/api/adminPurchased?q=${encodeURIComponent(alice.email)}`, headers: bearer(admin) })).json();
    expect(all.find((listed: { _id: string }) => listed._id === orderId).invoiceNumber).toBe(invoice.number);
  });

  it('lets the buyer and admins download it; anonymous callers and other customers are refused', async () => {
    const orderId = await placePaidOrder(shop, alice, tool, 1);
    expect((await download(shop, invoiceUrl(orderId), admin)).statusCode).toBe(200);
    const anonymous = await download(shop, invoiceUrl(orderId));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('unauthorized');
    const other = await download(shop, invoiceUrl(orderId), mallory);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'forbidden', message: 'This order belongs to someone else.' });
    expect((await download(shop, creditNoteUrl(orderId), mallory)).statusCode).toBe(403);
    expect((await download(shop, creditNoteUrl(orderId))).statusCode).toBe(401);
    expect((await download(shop, invoiceUrl('not-an-order'), alice)).statusCode).toBe(404);
  });

  it('answers 409 in words for an unpaid order, and 404 for an order never refunded', async () => {
    const orderId = await placeOrder(shop, alice, tool, 1);
    expect((await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${orderId}`, headers: bearer(alice) })).json().invoiceNumber).toBeNull();
    const unpaid = await download(shop, invoiceUrl(orderId), alice);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({ error: 'conflict', message: 'This order is not paid yet: its invoice is issued when it is paid.' });
    const noRefund = await download(shop, creditNoteUrl(orderId), alice);
    expect(noRefund.statusCode).toBe(404);
    expect(noRefund.json().message).toBe('This order has no credit note: nothing has been refunded.');
  });

  it('issues a credit note with its own number for each refund, referring to the invoice', async () => {
    const orderId = await placePaidOrder(shop, alice, tool, 2);
    const invoice = await invoiceOf(orderId);
    expect((await refund(orderId, { amount: 500, reason: 'Scratched case' })).statusCode).toBe(200);
    expect((await refund(orderId, { reason: 'Returned' })).statusCode).toBe(200);
    const notes = await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(notes.map((note) => [note.amountCents / 100, note.refundedSoFarCents / 100, note.invoiceNumber]).sort()).toEqual([
      [2000, 2500, invoice.number],
      [500, 500, invoice.number],
    ]);
    const [first, second] = [...notes].sort((a, b) => a.sequence - b.sequence);
    expect(first!.number).toMatch(/^CN-\d{6}$/);
    expect(second!.sequence).toBe(first!.sequence + 1);

    const latest = await download(shop, creditNoteUrl(orderId), alice);
    expect(latest.statusCode).toBe(200);
    const latestText = await pdfText(latest.rawPayload);
    for (const fact of ['Credit note', second!.number, `Credit for invoice ${invoice.number} of `, 'Alice Ampère', tool.toolName, 'Total credited: $2,000.00', 'Returned']) {
      expect(latestText).toContain(fact);
    }
    // The order's total is a reference in words, never a total of the credit note's own.
    expect(latestText).not.toMatch(/Total: \$/);
    const chosen = await download(shop, creditNoteUrl(orderId, first!.number), admin);
    const chosenText = await pdfText(chosen.rawPayload);
    expect(chosenText).toContain('Total credited: $500.00');
    expect(chosenText).toContain('Refunded so far on this order: $500.00 of $2,500.00');
    expect(chosenText).not.toMatch(/Total: \$/);
    expect((await download(shop, creditNoteUrl(orderId, 'CN-999999'), alice)).json().message).toBe('This order has no credit note CN-999999.');

    // Both are listed on the order's history, and the invoice stays what it was.
    const refunds = (await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter((event) => event.type === 'refunded');
    expect(refunds.map((event) => event.detail).join('\n')).toContain(`credit note ${first!.number}`);
    expect(refunds.map((event) => event.detail).join('\n')).toContain(`credit note ${second!.number}`);
    expect(await pdfText((await download(shop, invoiceUrl(orderId), alice)).rawPayload)).toContain('Total: $2,500.00');
  });

  it('mails the invoice with the payment, the credit note with the refund, and an "order placed" mail with the way to pay', async () => {
    const placedId = await placeOrder(shop, alice, tool, 3);
    const orderId = await placePaidOrder(shop, alice, tool, 4);
    expect((await refund(orderId, { amount: 1000, reason: 'Late delivery' })).statusCode).toBe(200);
    const invoice = await invoiceOf(orderId);
    const [note] = await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    // The outbox keeps a reference, not the PDF: its rows stay small.
    const rows = await shop.database.db.select().from(notifications).where(inArray(notifications.eventType, ['order.paid', 'order.refunded']));
    expect(rows.map((row) => row.payload)).toContainEqual(
      expect.objectContaining({ to: alice.email, documents: [{ kind: 'invoice', id: invoice.id, number: invoice.number }] }),
    );
    await shop.core.notificationDispatcher.deliverDue();
    const mails = shop.outbox().filter((mail) => mail.includes(`To: ${alice.email}`));
    const receipt = mails.find((mail) => mail.includes(`Invoice: ${invoice.number} (attached)`))!;
    expect(receipt).toMatch(/Content-Type: application\/pdf; name=INV-\d{6}\.pdf/);
    expect(receipt).toContain(`filename=${invoice.number}.pdf`);
    expect(await pdfText(attachedPdf(shop, invoice.number))).toContain(`Number: ${invoice.number}`);
    const refundMail = mails.find((mail) => mail.includes(`Credit note: ${note!.number} (attached)`))!;
    expect(refundMail).toContain('Content-Type: application/pdf');
    expect(await pdfText(attachedPdf(shop, note!.number))).toContain(`Credit for invoice ${invoice.number} of `);

    const placed = mails.find((mail) => /order VL-\d+ placed/.test(mail) && mail.includes(placedId))!;
    for (const fact of [`${tool.toolName} x 3 at $1,250.00: $3,750.00`, 'Total: $3,750.00', 'Delivery address: 1 Circuit Road', `/payment/${placedId}`, 'Voltline Tools GmbH']) {
      expect(placed).toContain(fact);
    }
    // Every order mail carries the full detail; none carries an image (no tracking pixels).
    expect(receipt).toContain(`${tool.toolName} x 4 at $1,250.00: $5,000.00`);
    expect(receipt).toContain('Delivery address: 1 Circuit Road');
    for (const mail of mails) expect(mail).not.toMatch(/<img/i);
  });

  it('prints the same invoice after the tool, the profile and the order change', async () => {
    const orderId = await placePaidOrder(shop, alice, tool, 5);
    const before = (await download(shop, invoiceUrl(orderId), alice)).rawPayload;
    await shop.database.db.update(tools).set({ toolName: `Renamed ${randomBytes(3).toString('hex')}`, priceCents: 100 }).where(eq(tools.id, tool._id));
    await shop.database.db.update(userProfiles).set({ name: 'Alice Renamed', address: 'Elsewhere 9', phone: '999999' }).where(eq(userProfiles.email, alice.email));
    await shop.database.db.update(authUsers).set({ name: 'Alice Renamed' }).where(eq(authUsers.email, alice.email));
    expect((await refund(orderId, { amount: 1, reason: 'Goodwill' })).statusCode).toBe(200);
    const after = (await download(shop, invoiceUrl(orderId), alice)).rawPayload;
    expect(await pdfText(after)).toContain('Alice Ampère');
    expect(Buffer.compare(after, before)).toBe(0);
  });

  it('prints a document issued before documents carried their figures as it was issued', async () => {
    const orderId = await placePaidOrder(shop, alice, tool, 2);
    // As migration 0027 left the documents issued before it: no figures, no VAT note, no PDF drawn yet.
    await shop.database.db.update(invoices).set({ figures: null, sellerVatNote: '' }).where(eq(invoices.orderId, orderId));
    const text = await pdfText((await download(shop, invoiceUrl(orderId), alice)).rawPayload);
    expect(text).toContain('Tax id: DE123456789');
    expect(text).toContain(`Total: ${formatCents((await invoiceOf(orderId)).totalCents)}`);
    expect(text).not.toContain('VAT payable');
    expect(text).not.toContain('No VAT is charged.');
  });

  it('numbers payments one after another without a gap or a repeat', async () => {
    const buyer = await registerUser(shop);
    const paid = [];
    for (let i = 0; i < 3; i += 1) paid.push(await placePaidOrder(shop, buyer, tool, 1));
    await expectGaplessInvoices(shop, paid);
  });

  itRaces(kind)(
    `numbers ${PARALLEL_PAYMENTS} parallel payments without a gap or a repeat`,
    async () => {
      const buyer = await registerUser(shop);
      const paid = await payInParallel([shop], buyer, tool, PARALLEL_PAYMENTS);
      await expectGaplessInvoices(shop, paid);
    },
    { timeout: 120_000 },
  );
});

// Instances share numbers only through a server database: PGlite has one process by construction.
describeRaces('invoice numbers across two instances on one database', (postgres) => {
  const first = useTestShop(postgres, { environment: SHOP });
  const second = useTestShop(postgres, () => ({ environment: SHOP, sameDatabaseAs: first }));

  it(`stay gapless and unique under ${PARALLEL_PAYMENTS} parallel payments split between the instances`, { timeout: 120_000 }, async () => {
    const buyer = await registerUser(first);
    const tool = await freshTool(first, 1000, 1, 30, 'Two-instance Saw');
    const paid = await payInParallel([first, second], buyer, tool, PARALLEL_PAYMENTS);
    await expectGaplessInvoices(first, paid);
  });
});

/** The PDF attached as `<number>.pdf` to a mail in the outbox folder, read from the raw .eml (base64). */
function attachedPdf(shop: TestShop, number: string): Buffer {
  const outbox = path.join(shop.config.dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .find((raw) => raw.includes(`filename=${number}.pdf`))!;
  const part = mail.split(`filename=${number}.pdf`)[1]!;
  const body = part.split(/\r?\n\r?\n/)[1]!.split(/\r?\n--/)[0]!;
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}
