import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents, toCents } from '@voltline/shared/money';
import { formatLongDate } from '@voltline/shared/shop-constants';
import { monthOf, vatReportPath } from '@voltline/shared/vat-report';
import { VAT_ID_EXAMPLES } from '@voltline/shared/vat-id-examples';
import type { Tool } from '@voltline/shared/tool';
import { pdfText } from '@voltline/test-kit/pdf-text';
import { creditNotes, invoices, tools } from '../db/schema.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { card, createIntent, freshTool, GERMAN_SHOP } from '../test-support/test-orders.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

/** A German shop charging 19 % on prices that include it, with its real delivery rates (issue 29). */
const SHOP = GERMAN_SHOP;

interface OrderAnswer {
  _id: string;
  total: number;
  vat: { rate: number; net: number; vat: number }[];
  vatTreatment: string;
  deliveryCharge: number;
  deliveryDiscount: number;
}

/** One line of the VAT report's CSV, by its line kind, treatment and rate. */
type ReportLine = Record<string, string>;
function parseReport(csv: string): ReportLine[] {
  const [header, ...lines] = csv.trim().split('\r\n');
  const names = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, index) => [names[index]!, value])));
}
const lineOf = (report: ReportLine[], line: string, treatment: string, rate = '') =>
  report.find((row) => row.line === line && row.treatment === treatment && row.vat_rate === rate);
/** A report figure in cents (0 when the line is not there yet). */
const cents = (row: ReportLine | undefined, column: string) => (row ? toCents(Number(row[column])) : 0);

describe.each(testDatabaseKinds)('VAT on invoices, credit notes and the VAT report on $name', (kind) => {
  const shop = useTestShop(kind, { environment: SHOP, delivery: 'shop' });
  let buyer: TestUser;
  let admin: TestUser;
  let standard: Tool;
  let reduced: Tool;
  beforeAll(async () => {
    buyer = await registerUser(shop, { name: 'Berta Business' });
    admin = await registerUser(shop, { role: 'admin' });
    const suffix = randomBytes(3).toString('hex');
    // A long name, as real tools have: it must stay one line of text for a reader of the PDF.
    standard = await freshTool(shop, 1000, 1, 100, `Voltline DD-18 Cordless Drill Driver with Two Batteries ${suffix}`);
    // A reduced rate of its own: 7 %.
    reduced = await freshTool(shop, 1000, 1, 20, `VAT Manual ${suffix}`);
    await shop.database.db.update(tools).set({ vatRateHundredths: 700 }).where(eq(tools.id, reduced._id));
  });

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });

  /** Checks out a cart of the given lines to a country (with a VAT id), pays it, and answers the order. */
  async function paidCheckout(lines: { tool: Tool; quantity: number }[], choices: { country: string; vatId?: string }): Promise<OrderAnswer> {
    const merged = await call(buyer, 'POST', '/api/cart/merge', { lines: lines.map(({ tool, quantity }) => ({ toolId: tool._id, quantity })) });
    expect(merged.statusCode, merged.body).toBe(200);
    const placed = await call(buyer, 'POST', '/api/checkout', { phone: '5550100', address: '1 Circuit Road, 75001 Paris', ...choices });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().insertedId as string;
    const { clientSecret } = (await createIntent(shop, buyer, orderId)).json();
    const paid = await shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret, card: card('4242424242424242') } });
    expect(paid.statusCode, paid.body).toBe(200);
    return (await call(buyer, 'GET', `/api/purchasedSingle/${orderId}`)).json();
  }

  const invoiceText = async (orderId: string) => pdfText((await call(buyer, 'GET', `/api/purchasedSingle/${orderId}/invoice.pdf`)).rawPayload);
  const report = async (month = monthOf(new Date())) => parseReport((await call(admin, 'GET', `/api${vatReportPath(month)}`)).body);

  it('prints every art. 226 field on a domestic invoice of two rates, the delivery as a line', async () => {
    const order = await paidCheckout(
      [
        { tool: standard, quantity: 1 },
        { tool: reduced, quantity: 2 },
      ],
      { country: 'DE' },
    );
    expect(order.vatTreatment).toBe('domestic');
    expect(order.vat.map((share) => share.rate)).toEqual([7, 19]);
    const [invoice] = await shop.database.db.select().from(invoices).where(eq(invoices.orderId, order._id));
    const text = await invoiceText(order._id);
    const money = (dollars: number) => formatCents(toCents(dollars));
    for (const fact of [
      // (1) date of issue, (2) a sequential number
      'Date: ',
      `Number: ${invoice!.number}`,
      // (3) the seller's VAT id, (5) both parties' names and addresses
      'VAT id: DE123456789',
      'Voltline Tools GmbH',
      '7 Ohm Street, 10115 Berlin',
      'Berta Business',
      '1 Circuit Road, 75001 Paris',
      // (6) quantity and description of each line, (8) unit price without VAT and discounts, the rate
      standard.toolName,
      reduced.toolName,
      'Qty',
      'Unit price excl. VAT',
      // $100 with 19 % in it: $84.03 without; $20 with 7 % in it: $18.69 without.
      '$84.03',
      '$18.69',
      'Discount',
      '19%',
      '7%',
      'Delivery',
      // (8) per rate the taxable amount, (9)-(10) the rate and the VAT payable
      'VAT per rate',
      ...order.vat.flatMap((share) => [money(share.net), money(share.vat)]),
      `VAT payable: ${formatCents(order.vat.reduce((sum, share) => sum + toCents(share.vat), 0))}`,
      `Total: ${money(order.total)}`,
    ]) {
      expect(text).toContain(fact);
    }
    // The delivery is charged (goods under $150 at home): its VAT is at the standard rate.
    expect(order.deliveryCharge).toBeGreaterThan(0);
    expect(text).not.toMatch(/Reverse charge|Export/);
  });

  it("prints the buyer's VAT id and the reverse-charge wording for a business in another member state", async () => {
    const order = await paidCheckout([{ tool: standard, quantity: 1 }], { country: 'FR', vatId: VAT_ID_EXAMPLES.FR });
    expect(order.vatTreatment).toBe('reverse-charge');
    const text = await invoiceText(order._id);
    for (const fact of [`VAT id: ${VAT_ID_EXAMPLES.FR}`, 'VAT id: DE123456789', 'Delivered to: France', 'Reverse charge', 'Article 196', 'Article 138', '0%', 'VAT payable: $0.00']) {
      expect(text).toContain(fact);
    }
  });

  it('prints the export wording for goods leaving the EU', async () => {
    const order = await paidCheckout([{ tool: standard, quantity: 1 }], { country: 'US' });
    expect(order.vatTreatment).toBe('export');
    const text = await invoiceText(order._id);
    for (const fact of ['Export', 'Article 146', 'Delivered to: United States', 'VAT payable: $0.00']) expect(text).toContain(fact);
  });

  it('credits each rate in proportion to a partial refund, naming the invoice, and the VAT report takes it off the month', async () => {
    const before = await report();
    const order = await paidCheckout(
      [
        { tool: standard, quantity: 2 },
        { tool: reduced, quantity: 3 },
      ],
      { country: 'DE' },
    );
    const afterPayment = await report();
    for (const share of order.vat) {
      const rate = String(share.rate);
      expect(cents(lineOf(afterPayment, 'rate', 'domestic', rate), 'invoiced_net') - cents(lineOf(before, 'rate', 'domestic', rate), 'invoiced_net')).toBe(toCents(share.net));
      expect(cents(lineOf(afterPayment, 'rate', 'domestic', rate), 'invoiced_vat') - cents(lineOf(before, 'rate', 'domestic', rate), 'invoiced_vat')).toBe(toCents(share.vat));
    }

    // A third of the order, in odd cents: each rate's net and VAT in proportion, adding up to it.
    const amount = Math.floor(toCents(order.total) / 3) + 1;
    const refund = await call(admin, 'POST', `/api/adminPurchased/${order._id}/refund`, { amount: amount / 100, reason: 'Part of the goods returned' });
    expect(refund.statusCode, refund.body).toBe(200);
    const [note] = await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    const credited = note!.figures!.vat;
    expect(credited.map((share) => share.rate)).toEqual([7, 19]);
    expect(credited.reduce((sum, share) => sum + share.net + share.vat, 0)).toBe(amount);
    for (const [index, share] of credited.entries()) {
      const gross = toCents(order.vat[index]!.net) + toCents(order.vat[index]!.vat);
      // Within a cent of the exact proportion.
      expect(Math.abs(share.net + share.vat - (gross * amount) / toCents(order.total))).toBeLessThanOrEqual(1);
      // Its VAT the invoice's VAT x the share credited, not the rate's whole VAT with the net making up the rest.
      expect(Math.abs(share.vat - (toCents(order.vat[index]!.vat) * amount) / toCents(order.total))).toBeLessThan(1);
    }
    const text = await pdfText((await call(buyer, 'GET', `/api/purchasedSingle/${order._id}/credit-note.pdf`)).rawPayload);
    const [invoice] = await shop.database.db.select().from(invoices).where(eq(invoices.orderId, order._id));
    for (const fact of [
      'Credit note',
      `Number: ${note!.number}`,
      'VAT id: DE123456789',
      'Credited per VAT rate',
      ...credited.flatMap((share) => [formatCents(share.net), formatCents(share.vat)]),
      `VAT credited: ${formatCents(credited.reduce((sum, share) => sum + share.vat, 0))}`,
      `Total credited: ${formatCents(amount)}`,
      // Issue 43: its invoice by number and date, the reason on a line of its own, what it credits per rate.
      `Credit for invoice ${invoice!.number} of ${formatLongDate(invoice!.issuedAt, 'UTC')}.`,
      'Reason: Part of the goods returned',
      `Part of: ${reduced.toolName} x 3`,
      ...credited.map((share) => formatCents(share.net + share.vat)),
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toMatch(/Total: \$/);
    // The invoice's own lines are the invoice's: not repeated.
    expect(text).not.toContain('whose lines were');
    expect(text).not.toContain('Unit price excl. VAT');

    const afterRefund = await report();
    for (const share of credited) {
      const row = lineOf(afterRefund, 'rate', 'domestic', String(share.rate));
      const earlier = lineOf(afterPayment, 'rate', 'domestic', String(share.rate));
      expect(cents(row, 'credited_net') - cents(earlier, 'credited_net')).toBe(share.net);
      expect(cents(row, 'credited_vat') - cents(earlier, 'credited_vat')).toBe(share.vat);
      // The month's net and VAT are the invoices' less the credit notes'.
      expect(cents(row, 'net')).toBe(cents(row, 'invoiced_net') - cents(row, 'credited_net'));
      expect(cents(row, 'vat')).toBe(cents(row, 'invoiced_vat') - cents(row, 'credited_vat'));
    }
    // The totals: reverse charge and export from the orders above, and the month's total of every line.
    const all = lineOf(afterRefund, 'total', 'all')!;
    const rateLines = afterRefund.filter((row) => row.line === 'rate');
    expect(cents(all, 'gross')).toBe(rateLines.reduce((sum, row) => sum + cents(row, 'gross'), 0));
    expect(cents(lineOf(afterRefund, 'total', 'reverse-charge'), 'net')).toBe(cents(lineOf(afterRefund, 'rate', 'reverse-charge', '0'), 'net'));
    expect(lineOf(afterRefund, 'total', 'export')).toBeDefined();
  });

  it('credits each line and the delivery as invoiced when the whole invoice is refunded (issue 43)', async () => {
    const order = await paidCheckout(
      [
        { tool: standard, quantity: 1 },
        { tool: reduced, quantity: 2 },
      ],
      { country: 'DE' },
    );
    const refund = await call(admin, 'POST', `/api/adminPurchased/${order._id}/refund`, { reason: 'Order returned unopened' });
    expect(refund.statusCode, refund.body).toBe(200);
    const [note] = await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    const [invoice] = await shop.database.db.select().from(invoices).where(eq(invoices.orderId, order._id));
    const text = await pdfText((await call(buyer, 'GET', `/api/purchasedSingle/${order._id}/credit-note.pdf`)).rawPayload);
    const lines = text.split('\n');
    expect(lines).toContain(`Credit for invoice ${invoice!.number} of ${formatLongDate(invoice!.issuedAt, 'UTC')}.`);
    expect(lines).toContain('Reason: Order returned unopened');
    // A row per line and the delivery, each with its own net, VAT and amount, as the invoice had them.
    const { figures } = note!;
    for (const [description, item] of [
      [`${standard.toolName} x 1`, figures!.lines[0]!],
      [`${reduced.toolName} x 2`, figures!.lines[1]!],
      ['Delivery', figures!.delivery!],
    ] as const) {
      // A long name wraps in its column: its last line is followed by the row's figures.
      const at = lines.findIndex((line) => description.endsWith(line) && description.includes(' x ') === line.includes(' x '));
      expect(at, description).toBeGreaterThan(-1);
      expect(lines.slice(at + 1, at + 5)).toEqual([`${item.vatRate}%`, formatCents(item.net), formatCents(item.vat), formatCents(item.net + item.vat)]);
    }
    expect(text).toContain(`Total credited: ${formatCents(toCents(order.total))}`);
    expect(text).not.toContain('Part of:');
  });

  it('answers an empty month with zero totals, and a malformed month with 400 in words', async () => {
    const empty = await call(admin, 'GET', `/api${vatReportPath('2001-01')}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(empty.headers['content-disposition']).toBe('attachment; filename="voltline-vat-2001-01.csv"');
    const lines = parseReport(empty.body);
    expect(lines.map((row) => [row.line, row.treatment, row.gross])).toEqual([
      ['total', 'reverse-charge', '0.00'],
      ['total', 'export', '0.00'],
      ['total', 'all', '0.00'],
    ]);
    for (const month of ['2026-13', '2026-1', 'November', '']) {
      const refused = await call(admin, 'GET', `/api${vatReportPath(month)}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'bad_request', message: expect.stringContaining('such as 2026-11') });
    }
    expect((await call(buyer, 'GET', `/api${vatReportPath('2026-11')}`)).statusCode).toBe(403);
  });
});
