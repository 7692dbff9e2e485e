import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsJournal, olderShop } from '../test-support/older-shop.ts';
import { unmigratedDatabaseKinds } from '../test-support/test-databases.ts';
import type { DatabaseHandle } from './client.ts';
import { notifications, orderEvents, orders, stockMovements, toolAccessories, toolFamilies, toolFamilyMembers, tools } from './schema.ts';

const journal = migrationsJournal;

describe('the migrations journal', () => {
  // drizzle applies only the migrations stamped later than the newest one a database has applied:
  // one stamped earlier than its predecessor is skipped on every database that already had the
  // predecessor. 0011 is stamped before 0010 (both landed together, so no database ran 0010 without
  // it); changing its stamp now would run it twice, so it stays, and from 0012 on each is later than all before.
  it('stamps each migration after every migration before it', () => {
    const late = journal.entries.filter((entry, index) => index > 0 && entry.when <= Math.max(...journal.entries.slice(0, index).map((before) => before.when)));
    expect(late.map((entry) => entry.tag)).toEqual(['0011_order_placement_speed']);
  });
});

describe.each(unmigratedDatabaseKinds)('the migrated schema on $name', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await kind.open();
    await database.migrate();
  });
  afterAll(async () => database?.close());

  // (Primary keys and unique constraints come with their indexes; these are the ones chosen for reads.)
  it('has exactly the indexes schema.ts declares on the outbox, the orders, their events, the tools, their families and accessories', async () => {
    for (const table of [notifications, orders, orderEvents, tools, stockMovements, toolFamilies, toolFamilyMembers, toolAccessories]) {
      const { name, indexes } = getTableConfig(table);
      const result = await database.db.execute(sql`select indexname from pg_indexes where tablename = ${name} and indexname not like '%_pkey' and indexname not like '%_pk' and indexname not like '%_unique' order by indexname`);
      const found = (result as unknown as { rows: { indexname: string }[] }).rows.map((row) => row.indexname);
      expect(found, name).toEqual(indexes.map((index) => index.config.name).sort());
    }
  });
});

describe.each(unmigratedDatabaseKinds)('migration 0014 on a shop that already has orders and its first admin, on $name', (kind) => {
  const shop = olderShop(kind, '0013_overview_paid_index');

  it("gives invoiced orders their invoice's number, and records the first admin's role as given by the shop", async () => {
    await shop.db.execute(sql`
      insert into user_profiles (id, email, name, role, created_at) values
        ('00000000-0000-4000-8000-000000000001', 'owner@example.com', 'Shop admin', 'admin', '2026-01-01T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000002', 'later@example.com', 'Later admin', 'admin', '2026-02-01T10:00:00Z')`);
    await shop.db.execute(sql`insert into shop_state (key, value) values ('first_admin_created_at', '2026-01-01T10:00:01.000Z')`);
    await shop.db.execute(sql`
      insert into orders (id, product, img, unit_price, quantity, price, buyer, buyer_email, phone, address, purchase_date, status, transaction_id, delivery) values
        ('00000000-0000-4000-8000-0000000000a1', 'Drill', '/d.svg', 10, 1, 10, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday', 'paid', 'pi_invoiced', 'pending'),
        ('00000000-0000-4000-8000-0000000000a2', 'Drill', '/d.svg', 10, 1, 10, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday', 'paid', 'pi_before_invoices', 'pending'),
        ('00000000-0000-4000-8000-0000000000a3', 'Drill', '/d.svg', 10, 1, 10, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday', 'unpaid', null, null)`);
    await shop.db.execute(sql`
      insert into invoices (number, sequence, order_id, issued_at, seller_name, seller_address, seller_tax_id, buyer_name, buyer_email,
                            buyer_phone, buyer_address, product, quantity, unit_price, total, payment_method, transaction_id)
      values ('INV-000007', 7, '00000000-0000-4000-8000-0000000000a1', now(), 'Voltline', 'Street 1', 'DE1', 'Ada', 'ada@example.com',
              '555', 'Road 1', 'Drill', 1, 10, 10, 'Card (test payments)', 'pi_invoiced')`);

    await shop.migrate();

    const numbers = await shop.rows<{ id: string; invoice_number: string | null }>(sql`select id, invoice_number from orders order by id`);
    expect(numbers.map((row) => row.invoice_number)).toEqual(['INV-000007', null, null]);
    const changes = await shop.rows<{ email: string; role: string; changed_by_email: string | null; at: Date | string }>(sql`
      select p.email, c.role, c.changed_by_email, c.at from role_changes c join user_profiles p on p.id = c.profile_id`);
    expect(changes.map(({ at, ...change }) => ({ ...change, at: new Date(at).toISOString() }))).toEqual([
      { email: 'owner@example.com', role: 'admin', changed_by_email: null, at: '2026-01-01T10:00:01.000Z' },
    ]);
  });
});

describe.each(unmigratedDatabaseKinds)('migration 0015 on a shop that already has paid orders, on $name', (kind) => {
  const shop = olderShop(kind, '0014_invoice_number_first_admin');

  it("dates each paid order's payment by its 'paid' event, and leaves the unpaid ones undated", async () => {
    await shop.db.execute(sql`
      insert into orders (id, product, img, unit_price, quantity, price, buyer, buyer_email, phone, address, purchase_date, status, transaction_id, delivery) values
        ('00000000-0000-4000-8000-0000000000b1', 'Drill', '/d.svg', 10, 1, 10, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday', 'paid', 'pi_paid', 'shipped'),
        ('00000000-0000-4000-8000-0000000000b2', 'Drill', '/d.svg', 10, 1, 10, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday', 'unpaid', null, null)`);
    await shop.db.execute(sql`
      insert into order_events (order_id, type, at) values
        ('00000000-0000-4000-8000-0000000000b1', 'placed', '2026-03-01T09:00:00Z'),
        ('00000000-0000-4000-8000-0000000000b1', 'paid', '2026-03-02T09:30:00Z'),
        ('00000000-0000-4000-8000-0000000000b1', 'shipped', '2026-03-03T12:00:00Z'),
        ('00000000-0000-4000-8000-0000000000b2', 'placed', '2026-03-01T10:00:00Z')`);

    await shop.migrate();

    const paid = (await shop.db.execute(sql`select id, paid_at from orders order by id`)) as unknown as { rows: { id: string; paid_at: Date | string | null }[] };
    expect(paid.rows.map((row) => (row.paid_at === null ? null : new Date(row.paid_at).toISOString()))).toEqual(['2026-03-02T09:30:00.000Z', null]);
  });
});

describe.each(unmigratedDatabaseKinds)('migration 0022 on a shop that already has orders, on $name', (kind) => {
  const shop = olderShop(kind, '0021_tool_search_trigrams');

  it('makes every order a one-line order of its own tool, name, picture, units, unit price and total, losing nothing', async () => {
    await shop.db.execute(sql`
      insert into tools (id, tool_name, description, img, price, minimum_order_quantity, available_quantity) values
        ('00000000-0000-4000-8000-0000000000c0', 'Drill', 'A drill', '/d.svg', 10, 1, 5)`);
    await shop.db.execute(sql`
      insert into orders (id, tool_id, product, img, unit_price, quantity, price, buyer, buyer_email, phone, address, purchase_date, status, transaction_id, delivery) values
        ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c0', 'Drill', '/d.svg', 10, 3, 30, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday', 'paid', 'pi_c1', 'pending'),
        ('00000000-0000-4000-8000-0000000000c2', null, 'Saw (deleted)', '/s.svg', 7, 2, 14, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday', 'unpaid', null, null)`);

    // As far as 0022: the amounts are still whole dollars here (0025 makes them cents, tested below).
    await shop.migrateThrough('0022_order_lines');

    const lines = (await shop.db.execute(sql`
      select order_id, position, tool_id, product, img, quantity, unit_price, line_total from order_lines order by order_id, position`)) as unknown as {
      rows: unknown[];
    };
    expect(lines.rows).toEqual([
      { order_id: '00000000-0000-4000-8000-0000000000c1', position: 0, tool_id: '00000000-0000-4000-8000-0000000000c0', product: 'Drill', img: '/d.svg', quantity: 3, unit_price: 10, line_total: 30 },
      { order_id: '00000000-0000-4000-8000-0000000000c2', position: 0, tool_id: null, product: 'Saw (deleted)', img: '/s.svg', quantity: 2, unit_price: 7, line_total: 14 },
    ]);
  });
});

describe.each(unmigratedDatabaseKinds)('migration 0025 on a shop that already has tools, orders, documents and carts, on $name', (kind) => {
  const shop = olderShop(kind, '0024_delivery_and_coupons');

  it('keeps every amount as cents (x 100), so nothing is lost and a price may now carry cents', async () => {
    await shop.db.execute(sql`
      insert into tools (id, tool_name, description, img, price, minimum_order_quantity, available_quantity) values
        ('00000000-0000-4000-8000-0000000000d0', 'Drill', 'A drill', '/d.svg', 850, 1, 5)`);
    await shop.db.execute(sql`
      insert into orders (id, tool_id, product, img, unit_price, quantity, price, buyer, buyer_email, phone, address, purchase_date, status,
                          transaction_id, delivery, refunded_amount, paid_at) values
        ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000d0', 'Drill', '/d.svg', 850, 1, 850, 'Ada', 'ada@example.com',
         '555', 'Road 1', 'Monday', 'paid', 'pi_d1', 'shipped', 100, '2026-03-02T09:30:00Z')`);
    await shop.db.execute(sql`
      insert into order_lines (order_id, position, tool_id, product, img, quantity, unit_price, line_total) values
        ('00000000-0000-4000-8000-0000000000d1', 0, '00000000-0000-4000-8000-0000000000d0', 'Drill', '/d.svg', 1, 850, 850)`);
    await shop.db.execute(sql`
      insert into invoices (id, number, sequence, order_id, issued_at, seller_name, seller_address, seller_tax_id, buyer_name, buyer_email,
                            buyer_phone, buyer_address, product, quantity, unit_price, total, payment_method, transaction_id)
      values ('00000000-0000-4000-8000-0000000000d2', 'INV-000001', 1, '00000000-0000-4000-8000-0000000000d1', now(), 'Voltline', 'Street 1', 'DE1',
              'Ada', 'ada@example.com', '555', 'Road 1', 'Drill', 1, 850, 850, 'Card (test payments)', 'pi_d1')`);
    await shop.db.execute(sql`
      insert into credit_notes (number, sequence, order_id, issued_at, seller_name, seller_address, seller_tax_id, buyer_name, buyer_email,
                                buyer_phone, buyer_address, product, quantity, unit_price, total, payment_method, transaction_id,
                                invoice_id, invoice_number, amount, refunded_so_far, reason)
      values ('CN-000001', 1, '00000000-0000-4000-8000-0000000000d1', now(), 'Voltline', 'Street 1', 'DE1', 'Ada', 'ada@example.com', '555',
              'Road 1', 'Drill', 1, 850, 850, 'Card (test payments)', 'pi_d1', '00000000-0000-4000-8000-0000000000d2', 'INV-000001', 100, 100, 'Scratched')`);
    await shop.db.execute(sql`
      insert into auth_users (id, name, email, email_verified, created_at, updated_at) values ('user-d', 'Ada', 'ada@example.com', false, now(), now())`);
    await shop.db.execute(sql`
      insert into cart_lines (user_id, tool_id, quantity, added_unit_price, tool_name, img) values
        ('user-d', '00000000-0000-4000-8000-0000000000d0', 2, 800, 'Drill', '/d.svg')`);

    await shop.migrate();

    expect(await shop.rows(sql`select price_cents from tools`)).toEqual([{ price_cents: 85_000 }]);
    expect(await shop.rows(sql`select unit_price_cents, price_cents, refunded_cents from orders`)).toEqual([{ unit_price_cents: 85_000, price_cents: 85_000, refunded_cents: 10_000 }]);
    expect(await shop.rows(sql`select unit_price_cents, line_total_cents from order_lines`)).toEqual([{ unit_price_cents: 85_000, line_total_cents: 85_000 }]);
    expect(await shop.rows(sql`select unit_price_cents, total_cents from invoices`)).toEqual([{ unit_price_cents: 85_000, total_cents: 85_000 }]);
    expect(await shop.rows(sql`select unit_price_cents, total_cents, amount_cents, refunded_so_far_cents from credit_notes`)).toEqual([
      { unit_price_cents: 85_000, total_cents: 85_000, amount_cents: 10_000, refunded_so_far_cents: 10_000 },
    ]);
    expect(await shop.rows(sql`select added_unit_price_cents from cart_lines`)).toEqual([{ added_unit_price_cents: 80_000 }]);
    // The checks follow the renamed columns: a refund past the total is still refused.
    const refused = await shop.db.execute(sql`update orders set refunded_cents = 85001`).catch((error: Error) => error);
    expect(String((refused as Error).cause)).toMatch(/orders_refund_within_total/);
  });
});

describe.each(unmigratedDatabaseKinds)('migration 0027 on a shop with paid orders, invoices and credit notes, on $name', (kind) => {
  const shop = olderShop(kind, '0026_checkout_pricing');

  it("keeps each day's revenue and each document's VAT per rate, an order placed before pricing at rate 0 without VAT", async () => {
    // A domestic order of two rates priced at checkout, and one placed before pricing (no VAT), both paid on 2 March.
    const pricing = {
      country: 'DE',
      couponCode: null,
      couponUseId: null,
      vatId: null,
      quote: { vatTreatment: 'domestic', total: 12_000, vat: [{ rate: 7, net: 1_869, vat: 131 }, { rate: 19, net: 8_403, vat: 1_597 }] },
    };
    await shop.db.execute(sql`
      insert into orders (id, product, img, unit_price_cents, quantity, price_cents, buyer, buyer_email, phone, address, purchase_date, status,
                          transaction_id, delivery, refunded_cents, paid_at, pricing) values
        ('00000000-0000-4000-8000-0000000000e1', 'Drill and 1 more', '/d.svg', 10000, 2, 12000, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday',
         'paid', 'pi_e1', 'shipped', 3000, '2026-03-02T09:30:00Z', ${JSON.stringify(pricing)}::jsonb),
        ('00000000-0000-4000-8000-0000000000e2', 'Saw', '/s.svg', 850, 1, 850, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday',
         'paid', 'pi_e2', 'shipped', 100, '2026-03-02T23:59:00Z', null),
        ('00000000-0000-4000-8000-0000000000e3', 'Saw', '/s.svg', 850, 1, 850, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday',
         'unpaid', null, null, 0, null, null)`);
    const document = (id: string, number: string, sequence: number, orderId: string, total: number) =>
      sql`(${id}::uuid, ${number}, ${sequence}, ${orderId}::uuid, '2026-03-02T10:00:00Z', 'Voltline', 'Street 1', 'DE1', 'Ada', 'ada@example.com', '555',
           'Road 1', 'Drill', 1, ${total}, ${total}, 'Card (test payments)', 'pi')`;
    await shop.db.execute(sql`
      insert into invoices (id, number, sequence, order_id, issued_at, seller_name, seller_address, seller_tax_id, buyer_name, buyer_email,
                            buyer_phone, buyer_address, product, quantity, unit_price_cents, total_cents, payment_method, transaction_id) values
        ${document('00000000-0000-4000-8000-0000000000f1', 'INV-000001', 1, '00000000-0000-4000-8000-0000000000e1', 12000)},
        ${document('00000000-0000-4000-8000-0000000000f2', 'INV-000002', 2, '00000000-0000-4000-8000-0000000000e2', 850)}`);
    // Refunded on 5 March: a quarter of the priced order, $1 of the other.
    await shop.db.execute(sql`
      insert into credit_notes (number, sequence, order_id, issued_at, seller_name, seller_address, seller_tax_id, buyer_name, buyer_email,
                                buyer_phone, buyer_address, product, quantity, unit_price_cents, total_cents, payment_method, transaction_id,
                                invoice_id, invoice_number, amount_cents, refunded_so_far_cents, reason) values
        ('CN-000001', 1, '00000000-0000-4000-8000-0000000000e1', '2026-03-05T08:00:00Z', 'Voltline', 'Street 1', 'DE1', 'Ada', 'ada@example.com', '555',
         'Road 1', 'Drill', 1, 12000, 12000, 'Card', 'pi_e1', '00000000-0000-4000-8000-0000000000f1', 'INV-000001', 3000, 3000, 'Returned'),
        ('CN-000002', 2, '00000000-0000-4000-8000-0000000000e2', '2026-03-05T08:00:00Z', 'Voltline', 'Street 1', 'DE1', 'Ada', 'ada@example.com', '555',
         'Road 1', 'Saw', 1, 850, 850, 'Card', 'pi_e2', '00000000-0000-4000-8000-0000000000f2', 'INV-000002', 100, 100, 'Scratched')`);

    await shop.migrate();

    // Revenue by payment day, as the overview summed it from the orders: the unpaid order is not in it.
    expect(await shop.rows(sql`select day::text, paid_cents::int, refunded_cents::int, placed_orders from shop_day_totals order by day`)).toEqual([
      { day: '2026-03-02', paid_cents: 12_850, refunded_cents: 3_100, placed_orders: null },
    ]);
    expect(
      await shop.rows(sql`
        select day::text, treatment, rate_hundredths, invoiced_net_cents::int, invoiced_vat_cents::int, credited_net_cents::int, credited_vat_cents::int,
               invoices, credit_notes
        from vat_day_totals order by day, treatment, rate_hundredths`),
    ).toEqual([
      { day: '2026-03-02', treatment: 'domestic', rate_hundredths: 700, invoiced_net_cents: 1_869, invoiced_vat_cents: 131, credited_net_cents: 0, credited_vat_cents: 0, invoices: 1, credit_notes: 0 },
      { day: '2026-03-02', treatment: 'domestic', rate_hundredths: 1900, invoiced_net_cents: 8_403, invoiced_vat_cents: 1_597, credited_net_cents: 0, credited_vat_cents: 0, invoices: 1, credit_notes: 0 },
      { day: '2026-03-02', treatment: 'none', rate_hundredths: 0, invoiced_net_cents: 850, invoiced_vat_cents: 0, credited_net_cents: 0, credited_vat_cents: 0, invoices: 1, credit_notes: 0 },
      // A quarter of each rate (2,000 and 10,000 gross: 500 and 2,500), its VAT in the rate's proportion; $1 of the order without VAT.
      { day: '2026-03-05', treatment: 'domestic', rate_hundredths: 700, invoiced_net_cents: 0, invoiced_vat_cents: 0, credited_net_cents: 467, credited_vat_cents: 33, invoices: 0, credit_notes: 1 },
      { day: '2026-03-05', treatment: 'domestic', rate_hundredths: 1900, invoiced_net_cents: 0, invoiced_vat_cents: 0, credited_net_cents: 2_101, credited_vat_cents: 399, invoices: 0, credit_notes: 1 },
      { day: '2026-03-05', treatment: 'none', rate_hundredths: 0, invoiced_net_cents: 0, invoiced_vat_cents: 0, credited_net_cents: 100, credited_vat_cents: 0, invoices: 0, credit_notes: 1 },
    ]);
    // The documents issued before print as they were issued: no figures, no VAT note.
    expect(await shop.rows(sql`select figures, seller_vat_note from invoices union all select figures, seller_vat_note from credit_notes`)).toEqual(
      Array.from({ length: 4 }, () => ({ figures: null, seller_vat_note: '' })),
    );
  });
});

describe.each(unmigratedDatabaseKinds)('migration 0029 on a shop with coupon uses of paid, unpaid and cancelled orders, on $name', (kind) => {
  const shop = olderShop(kind, '0028_delivery_address');

  it("holds the uses of unpaid, live orders for 30 minutes from their placing, and counts only paid uses on the coupon", async () => {
    await shop.db.execute(sql`
      insert into coupons (id, code, amount_off_cents, max_uses, uses, created_by) values
        ('00000000-0000-4000-8000-000000000a00', 'THREE', 500, 3, 0, 'admin@example.com')`);
    await shop.db.execute(sql`
      insert into coupon_uses (id, coupon_id) values
        ('00000000-0000-4000-8000-000000000a01', '00000000-0000-4000-8000-000000000a00'),
        ('00000000-0000-4000-8000-000000000a02', '00000000-0000-4000-8000-000000000a00')`);
    const order = (id: string, useId: string, paid: boolean, cancelledAt: string | null) =>
      sql`(${id}::uuid, 'Saw', '/s.svg', 850, 1, 850, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday', ${paid ? 'paid' : 'unpaid'},
           ${paid ? 'pi_a' : null}, ${paid ? 'pending' : null}, ${paid ? '2026-03-02T09:10:00Z' : null}::timestamptz, ${cancelledAt}::timestamptz,
           '2026-03-02T09:00:00Z', ${JSON.stringify({ country: 'US', couponCode: 'THREE', couponUseId: useId, vatId: null, quote: {} })}::jsonb)`;
    // A paid order, an unpaid one, and one cancelled (whose use the cancelling gave back).
    await shop.db.execute(sql`
      insert into orders (id, product, img, unit_price_cents, quantity, price_cents, buyer, buyer_email, phone, address, purchase_date, status,
                          transaction_id, delivery, paid_at, cancelled_at, created_at, pricing) values
        ${order('00000000-0000-4000-8000-000000000a11', '00000000-0000-4000-8000-000000000a01', true, null)},
        ${order('00000000-0000-4000-8000-000000000a12', '00000000-0000-4000-8000-000000000a02', false, null)},
        ${order('00000000-0000-4000-8000-000000000a13', '00000000-0000-4000-8000-000000000a03', false, '2026-03-03T09:00:00Z')}`);
    await shop.db.execute(sql`update coupons set uses = 2`);

    await shop.migrate();

    expect(await shop.rows(sql`select id, held_until is null as paid, held_until = '2026-03-02T09:30:00Z'::timestamptz as held from coupon_uses order by id`)).toEqual([
      { id: '00000000-0000-4000-8000-000000000a01', paid: true, held: null },
      { id: '00000000-0000-4000-8000-000000000a02', paid: false, held: true },
    ]);
    expect(await shop.rows(sql`select uses from coupons`)).toEqual([{ uses: 1 }]);
  });
});

describe.each(unmigratedDatabaseKinds)('migration 0030 on a shop with tools in stock, on $name', (kind) => {
  const shop = olderShop(kind, '0029_coupon_holds');

  it("writes one opening movement per tool with the stock it has, so each tool's stock is the sum of its movements", async () => {
    await shop.db.execute(sql`
      insert into tools (id, tool_name, description, img, price_cents, minimum_order_quantity, available_quantity, promised_quantity) values
        ('00000000-0000-4000-8000-0000000000a1', 'Drill', 'd', '/d.svg', 100, 1, 37, 5),
        ('00000000-0000-4000-8000-0000000000a2', 'Saw', 's', '/s.svg', 100, 1, 0, 0)`);

    await shop.migrate();

    expect(await shop.rows(sql`select tool_id, kind, units, level_after, actor_user_id, order_id from stock_movements order by tool_id`)).toEqual([
      { tool_id: '00000000-0000-4000-8000-0000000000a1', kind: 'opening', units: 37, level_after: 37, actor_user_id: null, order_id: null },
      { tool_id: '00000000-0000-4000-8000-0000000000a2', kind: 'opening', units: 0, level_after: 0, actor_user_id: null, order_id: null },
    ]);
    // Stock does not move by the migration; promises stay as they were.
    expect(await shop.rows(sql`select available_quantity, promised_quantity from tools order by id`)).toEqual([
      { available_quantity: 37, promised_quantity: 5 },
      { available_quantity: 0, promised_quantity: 0 },
    ]);
  });
});

describe.each(unmigratedDatabaseKinds)('migration 0032 on a shop that already has orders, on $name', (kind) => {
  const shop = olderShop(kind, '0031_tax_settings');

  it('numbers the orders already placed in the order they were placed, and numbers the next one after them', async () => {
    // Written in another order than placed: the numbers follow when each was placed.
    await shop.db.execute(sql`
      insert into orders (id, product, img, unit_price_cents, quantity, price_cents, buyer, buyer_email, phone, address, purchase_date, created_at) values
        ('00000000-0000-4000-8000-0000000000c2', 'Saw', '/s.svg', 100, 1, 100, 'Ann', 'ann@example.com', '555', '1 Road', 'Tuesday, Nov 24, 2026', '2026-11-24T10:00:00Z'),
        ('00000000-0000-4000-8000-0000000000c3', 'Bits', '/b.svg', 100, 1, 100, 'Bob', 'bob@example.com', '555', '1 Road', 'Wednesday, Nov 25, 2026', '2026-11-25T10:00:00Z'),
        ('00000000-0000-4000-8000-0000000000c1', 'Drill', '/d.svg', 100, 1, 100, 'Ann', 'ann@example.com', '555', '1 Road', 'Monday, Nov 23, 2026', '2026-11-23T10:00:00Z')`);

    await shop.migrate();

    expect(await shop.rows(sql`select id, number::int as number from orders order by number`)).toEqual([
      { id: '00000000-0000-4000-8000-0000000000c1', number: 10001 },
      { id: '00000000-0000-4000-8000-0000000000c2', number: 10002 },
      { id: '00000000-0000-4000-8000-0000000000c3', number: 10003 },
    ]);
    const [next] = await shop.rows<{ number: number }>(sql`
      insert into orders (product, img, unit_price_cents, quantity, price_cents, buyer, buyer_email, phone, address, purchase_date) values
        ('Drill', '/d.svg', 100, 1, 100, 'Ann', 'ann@example.com', '555', '1 Road', 'Friday, Nov 27, 2026')
      returning number::int as number`);
    expect(next!.number).toBe(10004);
    // A number is one order's: the database refuses a second.
    await expect(shop.db.execute(sql`update orders set number = 10001 where id = '00000000-0000-4000-8000-0000000000c2'`)).rejects.toThrow();
  });
});

describe.each(unmigratedDatabaseKinds)('the shipments migration on a shop with shipped and pending orders, on $name', (kind) => {
  const shop = olderShop(kind, '0033_stock_alerts');

  it('counts every unit of a shipped order as shipped, in one parcel of all its lines at the time its history says, and nothing of a pending one', async () => {
    await shop.db.execute(sql`
      insert into tools (id, tool_name, description, img, price_cents, minimum_order_quantity, available_quantity) values
        ('00000000-0000-4000-8000-0000000000d0', 'Drill', 'd', '/d.svg', 1000, 1, 5)`);
    await shop.db.execute(sql`
      insert into orders (id, tool_id, product, img, unit_price_cents, quantity, price_cents, buyer, buyer_email, phone, address, purchase_date, status, transaction_id, delivery) values
        ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000d0', 'Drill and 1 more', '/d.svg', 1000, 3, 2400, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday', 'paid', 'pi_d1', 'shipped'),
        ('00000000-0000-4000-8000-0000000000d2', '00000000-0000-4000-8000-0000000000d0', 'Drill', '/d.svg', 1000, 2, 2000, 'Ada', 'ada@example.com', '555', 'Road 1', 'Monday', 'paid', 'pi_d2', 'pending')`);
    await shop.db.execute(sql`
      insert into order_lines (order_id, position, tool_id, product, img, quantity, unit_price_cents, line_total_cents) values
        ('00000000-0000-4000-8000-0000000000d1', 0, '00000000-0000-4000-8000-0000000000d0', 'Drill', '/d.svg', 2, 1000, 2000),
        ('00000000-0000-4000-8000-0000000000d1', 1, null, 'Saw (deleted)', '/s.svg', 1, 400, 400),
        ('00000000-0000-4000-8000-0000000000d2', 0, '00000000-0000-4000-8000-0000000000d0', 'Drill', '/d.svg', 2, 1000, 2000)`);
    await shop.db.execute(sql`
      insert into order_events (order_id, type, actor_email, detail, at) values
        ('00000000-0000-4000-8000-0000000000d1', 'shipped', 'admin@example.com', 'stock -2', '2026-11-02T10:00:00Z')`);

    await shop.migrate();

    expect(await shop.rows(sql`select id, shipped_units from orders order by id`)).toEqual([
      { id: '00000000-0000-4000-8000-0000000000d1', shipped_units: 3 },
      { id: '00000000-0000-4000-8000-0000000000d2', shipped_units: 0 },
    ]);
    const parcels = await shop.rows<{ id: string; order_id: string; carrier: null; actor_email: string; shipped_at: Date | string }>(sql`select id, order_id, carrier, actor_email, shipped_at from shipments`);
    expect(parcels).toHaveLength(1);
    expect(parcels[0]).toMatchObject({ order_id: '00000000-0000-4000-8000-0000000000d1', carrier: null, actor_email: 'admin@example.com' });
    expect(new Date(parcels[0]!.shipped_at).toISOString()).toBe('2026-11-02T10:00:00.000Z');
    expect(await shop.rows(sql`select line_position, tool_id, product, quantity from shipment_lines order by line_position`)).toEqual([
      { line_position: 0, tool_id: '00000000-0000-4000-8000-0000000000d0', product: 'Drill', quantity: 2 },
      { line_position: 1, tool_id: null, product: 'Saw (deleted)', quantity: 1 },
    ]);
  });
});
