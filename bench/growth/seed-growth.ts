// Seeds "the two-year shop" of issue 18 into a database the shop's migrations have prepared:
// 5,000 tools, 100,000 customers (auth_users, credential auth_accounts, user_profiles),
// 1,000,000 orders with their order_events and payment_intents, and 50,000 reviews. Set-based SQL
// (INSERT ... SELECT FROM generate_series) in chunks, straight into PostgreSQL or a PGlite data dir.
//
// As a script: `DATABASE_URL=postgresql://... tsx bench/growth/seed-growth.ts` or
// `DATA_DIR=/tmp/shop tsx bench/growth/seed-growth.ts` (the shop's layout: DATA_DIR/pglite), with
// GROWTH_SCALE=0.05 to multiply every count. The database should be empty (a fresh one).
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type DatabaseHandle } from '@voltline/server/db/client';
import { seedShopOnFirstStart } from '@voltline/server/seed';

export interface GrowthSizes {
  tools: number;
  customers: number;
  orders: number;
  reviews: number;
  /** Stock movements of one tool (LEDGER_TOOL_ID): a busy tool's history after two years (issue 37). */
  movements: number;
}

const FULL_SIZES: GrowthSizes = { tools: 5_000, customers: 100_000, orders: 1_000_000, reviews: 50_000, movements: 100_000 };

/** The tool whose stock history holds `movements` movements; the benchmark pages through it. */
export const LEDGER_TOOL_ID = '00000000-0000-4000-8000-00000000a1ed';

/** Every seeded customer signs in with this password (it passes the shop's password rules). */
export const CUSTOMER_PASSWORD = 'Growth#26';
/** Customers 0..TRADE_CUSTOMERS-1 are trade accounts that place a fifth of all orders. */
const TRADE_CUSTOMERS = 100;
/** The trade customer who sent back one unit of every shipped order: the benchmark pages their returns. */
export const TRADE_RETURNS_CUSTOMER = 7;
/** Every this many parcels, the first line's unit carries a serial number. */
export const SERIAL_EVERY = 10;

/** The serial number of the n-th parcel's unit (n a multiple of SERIAL_EVERY), in SQL and in TypeScript alike. */
const growthSerialSql = (n: string) => `'SN-' || upper(substr(md5('growth-serial-' || (${n})), 1, 12))`;
export const growthSerial = (n: number) => `SN-${createHash('md5').update(`growth-serial-${n}`).digest('hex').slice(0, 12).toUpperCase()}`;

export function growthSizes(scale: number): GrowthSizes {
  const scaled = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    tools: Math.max(20, scaled(FULL_SIZES.tools)),
    customers: Math.max(TRADE_CUSTOMERS * 2, scaled(FULL_SIZES.customers)),
    orders: scaled(FULL_SIZES.orders),
    reviews: scaled(FULL_SIZES.reviews),
    movements: scaled(FULL_SIZES.movements),
  };
}

export function customerEmail(n: number): string {
  return `customer${String(n).padStart(5, '0')}@example.test`;
}

export type SeedTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export interface SeedReport {
  sizes: GrowthSizes;
  /** migrate: opening the database (PGlite: initdb) and running the shop's migrations. */
  seconds: { migrate: number; tools: number; customers: number; orders: number; afterSale: number; reviews: number; vacuum: number; total: number };
  counts: Record<string, number>;
}

export type Log = (line: string) => void;

// ---------------------------------------------------------------------------------------------
// Value lists and the SQL expressions built from them

const FIRST_NAMES = [
  'Ava', 'Ben', 'Chloe', 'Daniel', 'Elena', 'Farid', 'Grace', 'Hannah', 'Ivan', 'Jonas', 'Keiko', 'Liam', 'Maya', 'Noah',
  'Olga', 'Pedro', 'Quinn', 'Ravi', 'Sofia', 'Tomas', 'Uma', 'Victor', 'Wen', 'Xavier', 'Yara', 'Zane', 'Amara', 'Bruno',
  'Carmen', 'Dmitri', 'Esther', 'Felix', 'Gianna', 'Hugo', 'Ines', 'Jamal', 'Kofi', 'Lena', 'Marco', 'Nadia',
];
const LAST_NAMES = [
  'Okafor', 'Fischer', 'Green', 'Kovac', 'Menon', 'Novak', 'Silva', 'Tanaka', 'Walsh', 'Young', 'Adams', 'Baker', 'Chen',
  'Dubois', 'Evans', 'Fong', 'Garcia', 'Haddad', 'Ibrahim', 'Jensen', 'Kim', 'Larsen', 'Moreau', 'Nguyen', "O'Brien",
  'Patel', 'Quiroga', 'Rossi', 'Schmidt', 'Torres', 'Ueda', 'Varga', 'Weber', 'Xu', 'Yilmaz', 'Zhang', 'Andersen', 'Brooks',
  'Castro', 'Delgado', 'Eriksen', 'Ferreira', 'Gupta', 'Horvat', 'Ivanova', 'Jovanovic', 'Kowalski', 'Lopez', 'Murphy', 'Nakamura',
];
const STREETS = ['Main', 'Oak', 'Station', 'Harbour', 'Mill', 'Church', 'Park', 'River', 'Market', 'Forge', 'Copper', 'Quarry'];
const CITIES = ['Springfield', 'Riverton', 'Lakeside', 'Fairview', 'Greenville', 'Kingsport', 'Ashford', 'Milton', 'Bristol', 'Dover'];
/** The catalogue drawings the shop ships (apps/web/public/images/tools), with what they show and a model code. */
export const FAMILIES: [img: string, noun: string, code: string][] = [
  ['angle-grinder', 'Angle Grinder', 'AG'],
  ['cable-cutter', 'Cable Cutter', 'CC'],
  ['circular-saw', 'Circular Saw', 'CS'],
  ['clamp-meter', 'Clamp Meter', 'CM'],
  ['cordless-drill-driver', 'Cordless Drill Driver', 'DD'],
  ['crimping-tool', 'Crimping Tool', 'CT'],
  ['digital-multimeter', 'Digital Multimeter', 'DM'],
  ['hammer-drill', 'Hammer Drill', 'HD'],
  ['heat-gun', 'Heat Gun', 'HG'],
  ['impact-driver', 'Impact Driver', 'ID'],
  ['insulation-tester', 'Insulation Tester', 'IT'],
  ['jigsaw', 'Jigsaw', 'JS'],
  ['led-work-light', 'LED Work Light', 'WL'],
  ['soldering-station', 'Soldering Station', 'SS'],
  ['voltage-tester', 'Voltage Tester', 'VT'],
  ['wire-stripper', 'Wire Stripper', 'WS'],
];
const VARIANTS = ['Compact', 'Pro', 'Heavy-Duty', 'Brushless', 'Site', 'Trade', 'Precision', 'Xtreme'];
const REVIEW_TEXTS = [
  'Ordered a full lot for the crew and every unit arrived tested and labelled. Will buy again.',
  'Solid tools at a fair trade price. Delivery took a little longer than promised, but support kept us posted.',
  'The minimum order quantity suits our store well and the stock figures on the site were accurate.',
  'We use these on site every day and they keep going. Good value for the money.',
  'Packaging could be better, one box had a dented corner, but the tools themselves are excellent.',
  'Fast checkout, clear invoices, and the order history makes reordering easy for our purchasing team.',
  'Decent quality overall. A couple of units needed a firmware update out of the box.',
  'Great service: a shipping mistake was fixed within two days without any fuss.',
  'Our electricians prefer these to the brand we used before. Comfortable grip and long battery life.',
  'Prices went up a little this year but still better than the wholesalers around here.',
  'Hobbyist here, bought the smallest lot with two friends. Everything works as described.',
  'Not happy with the delivery time this time, otherwise fine.',
];

export const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
export const textArray = (values: readonly string[]) => `array[${values.map(literal).join(', ')}]::text[]`;
/** The value at position `index` (0-based integer SQL) of a list, cycling. */
const pick = (values: readonly string[], index: string) => `(${textArray(values)})[1 + ((${index}) % ${values.length})]`;

/** Customer n (0-based): the same expressions build the account, the profile and every copy in orders and reviews. */
const customer = {
  id: (n: string) => `md5('growth-user-' || (${n}))`,
  email: (n: string) => `'customer' || lpad((${n})::text, greatest(5, length((${n})::text)), '0') || '@example.test'`,
  name: (n: string) => `${pick(FIRST_NAMES, n)} || ' ' || ${pick(LAST_NAMES, `(${n}) / ${FIRST_NAMES.length}`)}`,
  phone: (n: string) => `'+1 555 ' || lpad(((${n}) % 10000)::text, 4, '0')`,
  address: (n: string) =>
    `(100 + (${n}) % 900)::text || ' ' || ${pick(STREETS, `(${n}) / 7`)} || ' Street, ' || ${pick(CITIES, `(${n}) / 3`)}`,
};

/** The same hashing better-auth uses (scrypt N=16384, r=16, p=1, 64 bytes; "salt:key" in hex). */
function betterAuthPasswordHash(password: string): string {
  const salt = randomBytes(16).toString('hex');
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 });
  return `${salt}:${key.toString('hex')}`;
}

// ---------------------------------------------------------------------------------------------

export async function run(database: DatabaseHandle, text: string): Promise<Record<string, unknown>[]> {
  // GROWTH_SQL_LOG=file: every statement, to EXPLAIN them by hand.
  if (process.env.GROWTH_SQL_LOG) appendFileSync(process.env.GROWTH_SQL_LOG, `${text};\n\n`);
  const result = (await database.db.execute(sql.raw(text))) as unknown as { rows?: Record<string, unknown>[] };
  return result.rows ?? [];
}

function chunks(total: number, size: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let start = 0; start < total; start += size) ranges.push([start, Math.min(total, start + size) - 1]);
  return ranges;
}

export async function timed(label: string, log: Log, work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  log(`${label}: ${seconds.toFixed(1)} s`);
  return seconds;
}

async function inChunks(
  label: string,
  total: number,
  chunkSize: number,
  log: Log,
  insert: (first: number, last: number) => Promise<void>,
): Promise<void> {
  const started = performance.now();
  for (const [first, last] of chunks(total, chunkSize)) {
    await insert(first, last);
    const seconds = (performance.now() - started) / 1000;
    const done = last + 1;
    log(`  ${label}: ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} (${Math.round(done / seconds).toLocaleString('en-US')} rows/s)`);
  }
}

/**
 * Seeds an empty, migrated database. `now` is the end of the two years: orders older than the
 * shop's unpaid-order expiry (7 days) are already paid or cancelled, as the shop would have left them.
 */
type SeedIntoReport = Omit<SeedReport, 'seconds'> & { seconds: Omit<SeedReport['seconds'], 'migrate' | 'total'> };

async function seedInto(database: DatabaseHandle, sizes: GrowthSizes, log: Log = console.log): Promise<SeedIntoReport> {
  const now = new Date();
  const nowSql = `'${now.toISOString()}'::timestamptz`;
  const start = `(${nowSql} - interval '730 days')`;
  const chunkSize = Number(process.env.GROWTH_CHUNK ?? 100_000);

  await run(database, 'set synchronous_commit = off');
  // Every row refers only to rows this seed made just before (checked below): skip the per-row
  // foreign-key triggers while loading (as pg_restore --disable-triggers does). The migrations'
  // indexes and check constraints all stay in force.
  await run(database, 'set session_replication_role = replica');
  // The shop's own first-start catalogue and reviews, so its first start finds them done.
  await seedShopOnFirstStart(database.db, now);

  const seconds = { tools: 0, customers: 0, orders: 0, afterSale: 0, reviews: 0, vacuum: 0 };

  // Tools: distinct names, prices, lots and stock, added over two years (newest last).
  seconds.tools = await timed(`tools (${sizes.tools})`, log, async () => {
    await run(database, 'drop table if exists growth_seed_tools');
    await run(
      database,
      `create table growth_seed_tools as
       select n, case when n = 0 then ${literal(LEDGER_TOOL_ID)}::uuid else gen_random_uuid() end as id, family, variant,
              'Voltline ' || (${textArray(FAMILIES.map((f) => f[2]))})[1 + family] || '-' || (1000 + n) || ' ' ||
                (${textArray(VARIANTS)})[1 + variant] || ' ' || (${textArray(FAMILIES.map((f) => f[1]))})[1 + family] as tool_name,
              '/images/tools/' || (${textArray(FAMILIES.map((f) => f[0]))})[1 + family] || '.svg' as img,
              -- Cents; one tool in four priced at .95, as prices with VAT in them often are.
              ((9 + (n * 37) % 600) * 100 - case when n % 4 = 0 then 5 else 0 end)::int as price_cents,
              (array[1, 5, 10, 20, 50])[1 + (n / 3) % 5] as minimum_order_quantity,
              (500 + (n * 7919) % 50000)::int as available_quantity,
              ${start} + (n * (interval '729 days' / ${sizes.tools})) as created_at
       from (select n, (n % ${FAMILIES.length}) as family, ((n / ${FAMILIES.length}) % ${VARIANTS.length}) as variant
             from generate_series(0, ${sizes.tools - 1}) n) g`,
    );
    await run(database, 'alter table growth_seed_tools add primary key (n)');
    await run(
      database,
      `insert into tools (id, tool_name, description, img, price_cents, minimum_order_quantity, available_quantity, created_at)
       select id, tool_name,
              (${textArray(VARIANTS)})[1 + variant] || ' ' || lower((${textArray(FAMILIES.map((f) => f[1]))})[1 + family]) ||
                ' for trade customers, model ' || (1000 + n) || '. Sold in lots of ' || minimum_order_quantity ||
                '; tested and labelled before it ships, two-year warranty, spare parts kept for ten years.',
              img, price_cents, minimum_order_quantity, available_quantity, created_at
       from growth_seed_tools`,
    );
    // Each tool's stock is its opening movement (decision 041), so the ledger balances as in a real shop.
    await run(
      database,
      `insert into stock_movements (tool_id, kind, units, level_after, note, created_at)
       select id, 'opening', available_quantity, available_quantity, 'stock when the ledger began', created_at from growth_seed_tools`,
    );
    // One tool's busy history: batches of 40 received and 40 scrapped in turn over two years, so its
    // stock ends where it began and the ledger still balances (a shipment would need its order).
    await run(
      database,
      `insert into stock_movements (tool_id, kind, units, level_after, note, created_at)
       select t.id, case when i % 2 = 0 then 'received' else 'scrapped' end, case when i % 2 = 0 then 40 else -40 end,
              t.available_quantity + case when i % 2 = 0 then 40 else 0 end,
              case when i % 2 = 0 then 'batch B-' || (10000 + i / 2) else 'count after batch B-' || (10000 + i / 2) end,
              t.created_at + (i + 1) * ((${start} + interval '729 days' - t.created_at) / (${sizes.movements} + 1))
       from growth_seed_tools t cross join generate_series(0, ${sizes.movements - 1 + (sizes.movements % 2)}) i
       where t.n = 0`,
    );
  });

  // Customers: the better-auth user, its credential account (one shared password hash) and the shop profile.
  const passwordHash = betterAuthPasswordHash(CUSTOMER_PASSWORD);
  const joined = (n: string) => `${start} + ((${n}) * (interval '729 days' / ${sizes.customers}))`;
  seconds.customers = await timed(`customers (${sizes.customers})`, log, () =>
    inChunks('customers', sizes.customers, chunkSize, log, async (first, last) => {
      await run(
        database,
        `insert into auth_users (id, name, email, email_verified, created_at, updated_at)
         select ${customer.id('n')}, ${customer.name('n')}, ${customer.email('n')}, false, ${joined('n')}, ${joined('n')}
         from generate_series(${first}, ${last}) n`,
      );
      await run(
        database,
        `insert into auth_accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
         select md5('growth-account-' || n), ${customer.id('n')}, 'credential', ${customer.id('n')}, ${literal(passwordHash)}, ${joined('n')}, ${joined('n')}
         from generate_series(${first}, ${last}) n`,
      );
      await run(
        database,
        `insert into user_profiles (user_id, name, email, role, address, phone, created_at)
         select ${customer.id('n')}, ${customer.name('n')}, ${customer.email('n')}, 'user',
                case when n % 3 = 0 then ${customer.address('n')} end, case when n % 3 = 0 then ${customer.phone('n')} end, ${joined('n')}
         from generate_series(${first}, ${last}) n`,
      );
    }),
  );

  // orders.pricing as checkout stores it (packages/shared/src/pricing.ts StoredPricing): a US order
  // without coupon or VAT, every figure in cents, its lines in order.
  const quotedLine = (unit: string, quantity: string, total: string) =>
    `jsonb_build_object('unitPrice', ${unit}, 'quantity', ${quantity}, 'vatRate', 0, 'lineTotal', ${total}, 'discount', 0, 'net', ${total}, 'vat', 0)`;
  const storedPricingSql = `jsonb_build_object(
      'country', 'US', 'couponCode', null, 'couponUseId', null, 'vatId', null,
      'quote', jsonb_build_object(
        'vatTreatment', 'none', 'subtotal', goods, 'deliveryCharge', delivery_charge, 'deliveryDiscount', delivery_discount,
        'couponDiscount', 0, 'couponBelowMinimum', false, 'addedVat', 0, 'total', price_cents,
        'vat', jsonb_build_array(jsonb_build_object('rate', 0, 'net', price_cents, 'vat', 0)),
        'lines', jsonb_build_array(${quotedLine('unit_price_cents', 'quantity1', 'goods1')})
                 || case when tool2_id is null then '[]'::jsonb else jsonb_build_array(${quotedLine('unit2_price_cents', 'quantity2', 'goods2')}) end,
        'delivery', jsonb_build_object('vatRate', 0, 'net', delivery_charge - delivery_discount, 'vat', 0)))`;
  // Orders, oldest first, each with its history and (when paid) its payment intent. A customer or
  // tool is only picked once it exists; trade accounts (customers 0..99) place a fifth of them.
  const orderStep = `(interval '730 days' / ${sizes.orders})`;
  const trade = Math.min(TRADE_CUSTOMERS, sizes.customers);
  seconds.orders = await timed(`orders (${sizes.orders})`, log, () =>
    inChunks('orders', sizes.orders, chunkSize, log, async (first, last) => {
      await run(
        database,
        `with s as (
           select i, r, at,
                  case when random() < 0.2 then floor(random() * ${trade})::int
                       else floor(random() * greatest(${trade}, ${sizes.customers}::float8 * (i + 1) / ${sizes.orders}))::int end as c,
                  floor(random() * greatest(least(20, ${sizes.tools}), ${sizes.tools}::float8 * (i + 1) / ${sizes.orders}))::int as t,
                  1 + floor(random() * random() * 10)::int as lots,
                  ${nowSql} - at as age
           from (select i, random() as r, ${start} + i * ${orderStep} + random() * ${orderStep} as at
                 from generate_series(${first}, ${last}) i) g
         ), lined as (
           -- A quarter of the orders hold a second tool (one placed before it), as a cart's checkout writes them.
           select s.*, gen_random_uuid() as id, tool.id as tool_id, tool.tool_name, tool.img, tool.price_cents as unit_price_cents,
                  tool.minimum_order_quantity * s.lots as quantity1, tool.minimum_order_quantity * s.lots * tool.price_cents as goods1,
                  second.id as tool2_id, second.tool_name as tool2_name, second.img as tool2_img, second.price_cents as unit2_price_cents,
                  second.minimum_order_quantity as quantity2, second.minimum_order_quantity * second.price_cents as goods2
           from s join growth_seed_tools tool on tool.n = s.t
                  left join growth_seed_tools second on s.i % 4 = 0 and second.n = case when s.t = 0 then 1 else s.t - 1 - s.i % least(7, s.t) end
         ), figured as (
           -- Half the orders were priced at checkout (orders.pricing): the shop's home delivery, $4.90 less the
           -- promotion's 10 %, free from $150, no VAT. The others are from before: their price is their goods.
           select l.*, l.goods1 + coalesce(l.goods2, 0) as goods, l.i % 2 = 0 as priced,
                  case when l.i % 2 = 0 and l.goods1 + coalesce(l.goods2, 0) < 15000 then 490 else 0 end as delivery_charge,
                  case when l.i % 2 = 0 and l.goods1 + coalesce(l.goods2, 0) < 15000 then 49 else 0 end as delivery_discount
           from lined l
         ), shaped as (
           select s.*, s.quantity1 + coalesce(s.quantity2, 0) as quantity, s.goods + s.delivery_charge - s.delivery_discount as price_cents,
                  case when s.tool2_id is null then s.tool_name else s.tool_name || ' and 1 more' end as product,
                  ${customer.id('s.c')} as user_id, ${customer.email('s.c')} as buyer_email,
                  case when r < 0.13 then 'unpaid' else 'paid' end as status,
                  case when r >= 0.13 and (age < interval '3 days' or r < 0.145) then 'pending'
                       when r >= 0.13 then 'shipped' end as delivery,
                  case when r < 0.10 and age > interval '7 days' then at + interval '7 days'
                       when r >= 0.10 and r < 0.13 then least(at + interval '2 hours', ${nowSql}) end as cancelled_at,
                  case when r >= 0.10 and r < 0.13 then 'buyer' when r < 0.10 and age > interval '7 days' then 'expired' end as cancelled_by,
                  case when r >= 0.13 then 'pi_test_' || substr(md5('growth-intent-' || i), 1, 24) end as transaction_id
           from figured s
         ), placed as (
           insert into orders (id, tool_id, user_id, product, img, unit_price_cents, quantity, price_cents, buyer, buyer_email, phone, address,
                               purchase_date, status, transaction_id, delivery, cancelled_at, paid_at, pricing, created_at)
           select id, tool_id, user_id, product, img, unit_price_cents, quantity, price_cents, ${customer.name('c')}, buyer_email,
                  ${customer.phone('c')}, ${customer.address('c')}, to_char(at, 'FMDay, Mon FMDD, YYYY'),
                  status, transaction_id, delivery, cancelled_at, case when status = 'paid' then at + interval '3 minutes' end,
                  case when priced then ${storedPricingSql} end, at
           from shaped
         ), lines as (
           -- Each order's lines, as placing writes them (decision 037).
           insert into order_lines (order_id, position, tool_id, product, img, quantity, unit_price_cents, line_total_cents)
           select id, 0, tool_id, tool_name, img, quantity1, unit_price_cents, goods1 from shaped
           union all
           select id, 1, tool2_id, tool2_name, tool2_img, quantity2, unit2_price_cents, goods2 from shaped where tool2_id is not null
         ), history as (
           insert into order_events (order_id, type, actor_user_id, actor_email, detail, at)
           select p.id, e.type, e.actor_user_id, e.actor_email, e.detail, e.at
           from shaped p cross join lateral (values
             ('placed', p.user_id, p.buyer_email, null, p.at, true),
             -- The same time as the order's paid_at.
             ('paid', null, null, 'builtin ' || p.transaction_id, p.at + interval '3 minutes', p.status = 'paid'),
             ('shipped', ${literal('growth-admin')}, ${literal('admin@growth.test')}, 'stock -' || p.quantity, p.at + interval '1 day 4 hours',
               p.delivery = 'shipped'),
             ('cancelled', case when p.cancelled_by = 'buyer' then p.user_id end, case when p.cancelled_by = 'buyer' then p.buyer_email end,
               case when p.cancelled_by = 'buyer' then 'by the buyer' else 'expired: unpaid for more than 7 days' end, p.cancelled_at,
               p.cancelled_at is not null)
           ) as e(type, actor_user_id, actor_email, detail, at, happened)
           where e.happened
         )
         insert into payment_intents (id, order_id, provider, amount_cents, client_secret, status, created_at)
         select transaction_id, id, 'builtin', price_cents, transaction_id || '_secret_' || md5(transaction_id), 'succeeded',
                at + interval '1 minute'
         from shaped where status = 'paid'`,
      );
    }),
  );

  // The overview's revenue per payment day, as the payments would have written it (decision 038):
  // the seeder writes orders behind the lifecycle's back, so it adds them to the day totals itself.
  seconds.orders += await timed('revenue per day', log, async () => {
    await run(
      database,
      `insert into shop_day_totals (day, paid_cents, refunded_cents)
       select (paid_at at time zone 'UTC')::date, sum(price_cents), sum(refunded_cents) from orders where paid_at is not null group by 1
       on conflict (day) do update set paid_cents = excluded.paid_cents, refunded_cents = excluded.refunded_cents`,
    );
  });

  // After the sale (issue 38): every shipped order in one parcel of all its lines (as migration 0034
  // made them for orders shipped before parcels), half of them delivered; every tenth parcel's first
  // line a serialised unit; and a return of one unit of one shipped order in 50, in each state but
  // refunded (a refund would move the order's money, which the lists do not read), and of every
  // shipped order of trade customer TRADE_RETURNS_CUSTOMER, whose own list the benchmark pages.
  seconds.afterSale = await timed('parcels, serials and returns', log, async () => {
    await run(
      database,
      `create table growth_seed_parcels as
       select o.id as order_id, o.user_id, gen_random_uuid() as shipment_id, o.created_at + interval '1 day 4 hours' as shipped_at,
              row_number() over (order by o.created_at, o.id) as n
       from orders o where o.delivery = 'shipped'`,
    );
    await run(
      database,
      `insert into shipments (id, order_id, carrier, tracking_number, tracking_url, actor_user_id, actor_email, shipped_at, delivered_at)
       select shipment_id, order_id, 'DHL', 'JJD' || n, 'https://www.dhl.de/de/privatkunden.html?piececode=JJD' || n,
              ${literal('growth-admin')}, ${literal('admin@growth.test')}, shipped_at, case when n % 2 = 0 then shipped_at + interval '2 days' end
       from growth_seed_parcels`,
    );
    await run(
      database,
      `insert into shipment_lines (shipment_id, order_id, line_position, tool_id, product, quantity)
       select p.shipment_id, l.order_id, l.position, l.tool_id, l.product, l.quantity
       from growth_seed_parcels p join order_lines l on l.order_id = p.order_id`,
    );
    await run(
      database,
      `insert into shipped_serials (shipment_id, order_id, line_position, tool_id, serial_number)
       select p.shipment_id, l.order_id, l.position, l.tool_id, ${growthSerialSql('p.n')}
       from growth_seed_parcels p join order_lines l on l.order_id = p.order_id and l.position = 0
       where p.n % ${SERIAL_EVERY} = 0`,
    );
    await run(database, `update orders set shipped_units = quantity where delivery = 'shipped'`);
    await run(
      database,
      `create table growth_seed_returns as
       select gen_random_uuid() as id, p.order_id, p.user_id, p.n, p.shipped_at + interval '5 days' as requested_at,
              (array['requested', 'authorised', 'refused', 'received'])[1 + (p.n / 50) % 4] as status
       from growth_seed_parcels p
       where p.n % 50 = 0 or p.user_id = ${customer.id(String(TRADE_RETURNS_CUSTOMER))}`,
    );
    await run(
      database,
      `insert into returns (id, order_id, user_id, reason, comment, status, instructions, refusal_reason, requested_at)
       select id, order_id, user_id, (array['withdrawal', 'faulty', 'wrong item', 'damaged in transport'])[1 + n % 4], '', status,
              case when status in ('authorised', 'received') then 'Send it to 1 Circuit Road, label RMA' end,
              case when status = 'refused' then 'The photos show the right drill' end, requested_at
       from growth_seed_returns order by requested_at`,
    );
    await run(
      database,
      `insert into return_lines (return_id, order_id, tool_id, product, quantity, received_quantity, restocked)
       select r.id, r.order_id, l.tool_id, l.product, 1, case when r.status = 'received' then 1 end, case when r.status = 'received' then true end
       from growth_seed_returns r join order_lines l on l.order_id = r.order_id and l.position = 0`,
    );
    await run(database, 'drop table growth_seed_returns');
    await run(database, 'drop table growth_seed_parcels');
  });

  seconds.reviews = await timed(`reviews (${sizes.reviews})`, log, () =>
    inChunks('reviews', sizes.reviews, chunkSize, log, async (first, last) => {
      await run(
        database,
        `insert into reviews (user_name, user_email, review, review_date, review_time, rating, photo, user_id, created_at)
         select ${customer.name('c')}, ${customer.email('c')}, ${pick(REVIEW_TEXTS, 'k')},
                to_char(at, 'Mon FMDD, YYYY'), to_char(at, 'FMHH12:MI AM'),
                case when r < 0.55 then 5 when r < 0.8 then 4 when r < 0.9 then 3 when r < 0.95 then 2 else 1 end,
                null, ${customer.id('c')}, at
         from (select i, random() as r, floor(random() * 1000)::int as k,
                      floor(random() * greatest(1, ${sizes.customers}::float8 * (i + 1) / ${sizes.reviews}))::int as c,
                      ${start} + (i * (interval '729 days' / ${sizes.reviews})) + random() * interval '1 hour' as at
               from generate_series(${first}, ${last}) i) g`,
      );
    }),
  );

  await run(database, 'drop table growth_seed_tools');
  await run(database, 'set session_replication_role = origin');
  const checkStarted = performance.now();
  const [orphans] = await run(
    database,
    `select (select count(*) from orders o where not exists (select 1 from auth_users u where u.id = o.user_id))
          + (select count(*) from orders o where not exists (select 1 from tools t where t.id = o.tool_id))
          + (select count(*) from order_events e where not exists (select 1 from orders o where o.id = e.order_id))
          + (select count(*) from payment_intents p where not exists (select 1 from orders o where o.id = p.order_id))
          + (select count(*) from reviews r where r.user_id is not null and not exists (select 1 from auth_users u where u.id = r.user_id))
          + (select count(*) from user_profiles p where not exists (select 1 from auth_users u where u.id = p.user_id)) as n`,
  );
  if (Number(orphans?.n) !== 0) throw new Error(`Seeding broke ${orphans?.n} foreign-key references`);
  log(`foreign keys checked: ${((performance.now() - checkStarted) / 1000).toFixed(1)} s`);
  // A shop that has run for two years has been vacuumed and analysed by autovacuum (PGlite has none).
  seconds.vacuum = await timed('vacuum analyze', log, async () => {
    await run(database, 'vacuum analyze');
  });

  const counts: Record<string, number> = {};
  for (const table of ['tools', 'auth_users', 'auth_accounts', 'user_profiles', 'orders', 'order_events', 'payment_intents', 'reviews', 'stock_movements', 'shipments', 'shipment_lines', 'shipped_serials', 'returns', 'return_lines']) {
    const [row] = await run(database, `select count(*)::int as n from ${table}`);
    counts[table] = Number(row?.n ?? 0);
  }
  const [live] = await run(database, 'select count(*)::int as n from orders where cancelled_at is null');
  counts.live_orders = Number(live?.n ?? 0);
  const [lines] = await run(database, 'select count(*)::int as n from order_lines');
  counts.order_lines = Number(lines?.n ?? 0);
  const [priced] = await run(database, 'select count(*)::int as n from orders where pricing is not null');
  counts.priced_orders = Number(priced?.n ?? 0);
  const expected: [string, number][] = [
    ['tools', sizes.tools],
    ['auth_users', sizes.customers],
    ['auth_accounts', sizes.customers],
    ['user_profiles', sizes.customers],
    ['orders', sizes.orders],
    ['order_events', sizes.orders],
    ['reviews', sizes.reviews],
    ['stock_movements', sizes.tools + sizes.movements],
  ];
  const short = expected.filter(([table, minimum]) => (counts[table] ?? 0) < minimum);
  if (short.length > 0) {
    throw new Error(`Seeding left too few rows: ${short.map(([table, minimum]) => `${table} ${counts[table]} < ${minimum}`).join(', ')}`);
  }
  return { sizes, seconds, counts };
}

/** Opens the target, runs the shop's migrations, seeds the two-year shop, closes. */
export async function seedGrowth(target: SeedTarget, sizes: GrowthSizes, log: Log = console.log): Promise<SeedReport> {
  return seedMigrated(target, log, (database) => seedInto(database, sizes, log));
}

/**
 * Opens the target, runs the shop's migrations, runs `seed`, closes; the report gains the seconds of
 * the migrations and of the whole. PGlite: nothing else may have the data dir open.
 */
export async function seedMigrated<Report extends { seconds: object; counts: Record<string, number> }>(
  target: SeedTarget,
  log: Log,
  seed: (database: DatabaseHandle) => Promise<Report>,
): Promise<Report & { seconds: Report['seconds'] & { migrate: number; total: number } }> {
  const started = performance.now();
  // One connection: the session settings above apply to every statement.
  const database =
    target.kind === 'postgres' ? await openPostgres(target.url, 1) : await openPglite({ dataDir: path.join(target.dataDir, 'pglite') });
  try {
    // On a new PGlite data dir, opening includes initdb: counted with the migrations.
    const migrate = (performance.now() - started) / 1000 + (await timed('migrations', log, () => database.migrate()));
    const report = await seed(database);
    const total = (performance.now() - started) / 1000;
    log(`seeded ${target.kind} in ${total.toFixed(1)} s: ${JSON.stringify(report.counts)}`);
    return { ...report, seconds: { migrate, ...report.seconds, total } };
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const scale = Number(process.env.GROWTH_SCALE ?? 1);
  const url = process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR;
  if (!url && !dataDir) {
    console.error('Set DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, the shop layout: DATA_DIR/pglite).');
    process.exit(1);
  }
  const report = await seedGrowth(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: dataDir! }, growthSizes(scale));
  console.log(JSON.stringify(report, null, 2));
}
