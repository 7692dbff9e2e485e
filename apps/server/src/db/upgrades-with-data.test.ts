import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from '@voltline/test-kit/pdf-text';
import { migrateThrough } from '../test-support/older-shop.ts';
import { startTestShop, type TestShop } from '../test-support/test-app.ts';
import { unmigratedDatabaseKinds } from '../test-support/test-databases.ts';
import { firstTool, placePaidOrder } from '../test-support/test-orders.ts';
import { bearer, registerUser } from '../test-support/test-users.ts';

/**
 * Issue 42, item 5: a shop upgrades with years of orders in it, not empty. A database is built as
 * far as an old migration, filled through that era's own SQL (its columns, amounts in dollars),
 * then today's shop starts on it (migrating it) and every row must read back through today's API.
 */
const TOOL = '00000000-0000-4000-8000-00000000d001';
const PAID = '00000000-0000-4000-8000-00000000d0a1';
const UNPAID = '00000000-0000-4000-8000-00000000d0a2';

/** Rows every era since the first schema (0000) can hold, written as that era wrote them: amounts in whole dollars. */
const firstEraRows = [
  sql`insert into tools (id, tool_name, description, img, price, minimum_order_quantity, available_quantity)
      values (${TOOL}, 'Cordless Drill 18V', 'A drill sold since the first schema', '/drill.svg', 25, 2, 40)`,
  sql`insert into user_profiles (id, name, email, role) values ('00000000-0000-4000-8000-00000000d0b1', 'Ada Lovelace', 'ada@example.com', 'user')`,
  sql`insert into orders (id, tool_id, product, img, unit_price, quantity, price, buyer, buyer_email, phone, address, purchase_date, status, transaction_id, delivery, created_at) values
      (${PAID}, ${TOOL}, 'Cordless Drill 18V', '/drill.svg', 25, 3, 75, 'Ada Lovelace', 'ada@example.com', '5550100', '1 Old Road, Springfield', 'Monday', 'paid', 'pi_old_paid', 'pending', '2025-01-02T10:00:00Z'),
      (${UNPAID}, ${TOOL}, 'Cordless Drill 18V', '/drill.svg', 25, 2, 50, 'Ada Lovelace', 'ada@example.com', '5550100', '1 Old Road, Springfield', 'Tuesday', 'unpaid', null, null, '2025-01-03T10:00:00Z')`,
  sql`insert into reviews (user_name, user_email, review, review_date, review_time, rating) values ('Ada Lovelace', 'ada@example.com', 'Drills well after years', '2025-01-05', '10:00', 5)`,
];

/**
 * 0014 on: the paid order's invoice, its number the seventh the counter gave, noted on the order as
 * the payment of that era did (amounts in dollars, until 0025).
 */
const invoiceEraRows = [
  sql`insert into invoices (number, sequence, order_id, issued_at, seller_name, seller_address, seller_tax_id, buyer_name, buyer_email,
                            buyer_phone, buyer_address, product, quantity, unit_price, total, payment_method, transaction_id)
      values ('INV-000007', 7, ${PAID}, '2025-01-02T10:05:00Z', 'Voltline Tools', '1 Circuit Road, Springfield', '', 'Ada Lovelace', 'ada@example.com',
              '5550100', '1 Old Road, Springfield', 'Cordless Drill 18V', 3, 25, 75, 'Card (test payments)', 'pi_old_paid')`,
  sql`insert into document_counters (kind, value) values ('invoice', 7)`,
  sql`update orders set invoice_number = 'INV-000007' where id = ${PAID}`,
];

const eras = [
  { tag: '0000_initial', rows: firstEraRows, invoiced: false },
  // The last schema before orders had lines (0022) and before money was kept in cents (0025).
  { tag: '0021_tool_search_trigrams', rows: [...firstEraRows, ...invoiceEraRows], invoiced: true },
];

describe.each(unmigratedDatabaseKinds.flatMap((kind) => eras.map((era) => ({ ...era, kind, name: kind.name }))))(
  'a shop upgraded from $tag with its orders in it, on $name',
  ({ kind, tag, rows, invoiced }) => {
    let shop: TestShop | undefined;
    afterAll(async () => shop?.close());

    it("reads back every order with its one line, its figures in cents, its tool, review and invoice as issued, through today's API", { timeout: 180_000 }, async () => {
      const database = await kind.open();
      await migrateThrough(database, tag);
      for (const row of rows) await database.db.execute(row);
      // Today's shop on that database: startTestShop migrates it, as the shop does on every start.
      shop = await startTestShop({ name: kind.name, open: async () => database });
      const admin = await registerUser(shop, { role: 'admin' });

      const paid = await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${PAID}`, headers: bearer(admin) });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({
        toolId: TOOL,
        product: 'Cordless Drill 18V',
        quantity: 3,
        unitPrice: 25,
        price: 75,
        buyer: 'Ada Lovelace',
        buyerEamil: 'ada@example.com',
        address: '1 Old Road, Springfield',
        status: 'paid',
        transactionId: 'pi_old_paid',
        delivery: 'pending',
        invoiceNumber: invoiced ? 'INV-000007' : null,
        lines: [{ toolId: TOOL, product: 'Cordless Drill 18V', img: '/drill.svg', quantity: 3, unitPrice: 25, lineTotal: 75 }],
      });
      const unpaid = await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${UNPAID}`, headers: bearer(admin) });
      expect(unpaid.json()).toMatchObject({ status: 'unpaid', price: 50, lines: [{ quantity: 2, unitPrice: 25, lineTotal: 50 }] });
      // Kept in cents now: the dollars of that era times 100, to the cent.
      const cents = (await shop.database.db.execute(sql`select unit_price_cents, line_total_cents from order_lines where order_id = ${PAID}`)) as unknown as {
        rows: { unit_price_cents: number; line_total_cents: number }[];
      };
      expect(cents.rows).toEqual([{ unit_price_cents: 2500, line_total_cents: 7500 }]);

      const tool = await shop.app.inject({ method: 'GET', url: `/api/getTool/${TOOL}` });
      expect(tool.json()).toMatchObject({ toolName: 'Cordless Drill 18V', price: 25, minimumOrderQuantity: 2, availableQuantity: 40 });
      const reviews = await shop.app.inject({ method: 'GET', url: '/api/review' });
      expect(reviews.body).toContain('Drills well after years');

      if (invoiced) {
        const pdf = await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${PAID}/invoice.pdf`, headers: bearer(admin) });
        expect(pdf.statusCode, pdf.body).toBe(200);
        const text = await pdfText(pdf.rawPayload);
        for (const printed of ['INV-000007', 'Ada Lovelace', '1 Old Road, Springfield', 'Cordless Drill 18V', '$75.00', 'pi_old_paid']) expect(text).toContain(printed);
      }
      // The numbering carries on from the era's counter: the next invoice is never one issued then.
      const customer = await registerUser(shop);
      const next = await placePaidOrder(shop, customer, await firstTool(shop));
      const order = await shop.app.inject({ method: 'GET', url: `/api/purchasedSingle/${next}`, headers: bearer(customer) });
      expect(order.json<{ invoiceNumber: string }>().invoiceNumber).toBe(invoiced ? 'INV-000008' : 'INV-000001');
    });
  },
);
