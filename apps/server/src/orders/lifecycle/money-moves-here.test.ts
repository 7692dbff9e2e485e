import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * "Money and stock move in one place" (index.ts), held by reading the server's source: outside
 * this folder no file may write an order's state or money, the tools' promised units, the stock
 * an order moves, or an order's history. Definitions and tests are not the shop's writes: the
 * schema, the migrations, the test support and the test files are left out.
 */
const SERVER_SOURCE = path.resolve(import.meta.dirname, '../..');
const LIFECYCLE = import.meta.dirname;
const notTheShopsWrites = [/\.test\.ts$/, /^test-support\//, /^db\/migrations\//, /^db\/schema\.ts$/, /^db\/schema\//];

/** The columns of an order that only a verb of the lifecycle changes (Drizzle names). */
const ORDER_STATE = /\b(status|delivery|cancelledAt|refundedAmount|transactionId|paidAt)\b/;

/** Each rule: what it finds in a file's text, and why that is a verb's work. */
const rules: { name: string; find: (source: string) => string[] }[] = [
  {
    name: 'writes order_events (an order history row)',
    find: (source) => matches(source, /\.(insert|update|delete)\(\s*orderEvents\s*\)/g),
  },
  {
    name: 'inserts or deletes orders (placing is a verb; orders are never erased)',
    find: (source) => matches(source, /\.(insert|delete)\(\s*orders\s*\)/g),
  },
  {
    name: "updates an order's state or money (status, delivery, cancelled_at, refunded_amount, ...)",
    // The statement up to its condition: a .set() naming a state column, or one whose keys cannot be read.
    find: (source) =>
      matches(source, /\.update\(\s*orders\s*\)[\s\S]*?(?=\.where\(|\.returning\(|;)/g).filter(
        (statement) => !/\.set\(\s*\{/.test(statement) || ORDER_STATE.test(statement.slice(statement.indexOf('.set('))),
      ),
  },
  {
    name: 'writes tools.promised_quantity',
    find: (source) => matches(source, /\bpromisedQuantity\s*:/g),
  },
  {
    name: "updates tools' stock or promised units, or deletes tools: stock moves only through moveStock, with its movement (decision 041)",
    // The statement up to its condition: a .set() naming a stock column, or one whose keys cannot be read.
    find: (source) => [
      ...matches(source, /\.update\(\s*tools\s*\)[\s\S]*?(?=\.where\(|\.returning\(|;)/g).filter(
        (statement) => !/\.set\(\s*\{/.test(statement) || /\b(availableQuantity|promisedQuantity)\b/.test(statement.slice(statement.indexOf('.set('))),
      ),
      ...matches(source, /\.delete\(\s*tools\s*\)/g),
    ],
  },
  {
    name: "writes returns, return_lines or return_serials (a return's state moves with the stock and money it moves: decision 048)",
    find: (source) => matches(source, /\.(insert|update|delete)\(\s*(returns|returnLines|returnSerials)\s*\)/g),
  },
  {
    name: 'writes stock_movements (the ledger is written by moveStock only)',
    find: (source) => matches(source, /\.(insert|update|delete)\(\s*stockMovements\s*\)/g),
  },
  {
    name: "writes the revenue kept per day (shop_day_totals' paid or refunded cents): a payment's or refund's to add, in its transaction",
    // The overview may store a finished day's count of placed orders; the money of a day is the lifecycle's.
    find: (source) => matches(source, /\.(insert|update)\(\s*shopDayTotals\s*\)[\s\S]*?;/g).filter((statement) => /paidCents|refundedCents/.test(statement)),
  },
  {
    name: 'writes orders, order_events, tools or stock_movements in raw SQL',
    find: (source) => [
      ...matches(source, /\b(insert\s+into|update|delete\s+from)\s+("?(orders|order_events|tools|stock_movements)"?|\$\{\s*(orders|orderEvents|tools|stockMovements)\s*\})\s/gi).filter(
        (statement) => !/^insert\s+into\s+("?tools"?|\$\{\s*tools\s*\})/i.test(statement),
      ),
      ...matches(source, /\b(promised_quantity|available_quantity|refunded_amount|cancelled_at)\s*=(?!=)/gi),
    ],
  },
];

function matches(source: string, pattern: RegExp): string[] {
  return [...source.matchAll(pattern)].map((match) => match[0]);
}

function serverSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === LIFECYCLE ? [] : serverSourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function writesOutsideTheLifecycle(files: { name: string; source: string }[]): string[] {
  return files.flatMap(({ name, source }) =>
    rules.flatMap((rule) => rule.find(source).map((found) => `${name}: ${rule.name}: ${found.split('\n')[0]!.trim()}`)),
  );
}

describe('money and stock move only in orders/lifecycle', () => {
  it('no other server file writes an order, its history, promised units or moved stock', () => {
    const files = serverSourceFiles(SERVER_SOURCE)
      .map((file) => ({ name: path.relative(SERVER_SOURCE, file).split(path.sep).join('/'), file }))
      .filter(({ name }) => !notTheShopsWrites.some((pattern) => pattern.test(name)))
      .map(({ name, file }) => ({ name, source: readFileSync(file, 'utf8') }));
    // The scan reads the server, not an empty folder: the catalogue's edit of a tool's details is among them.
    expect(files.some(({ source }) => source.includes('.update(tools)'))).toBe(true);
    expect(writesOutsideTheLifecycle(files)).toEqual([]);
  });

  it('finds each kind of write it forbids', () => {
    const writes = [
      "await tx.insert(orderEvents).values({ orderId, type: 'paid' });",
      'await db.delete(orders).where(eq(orders.id, id));',
      "await tx.update(orders).set({ status: 'paid' }).where(eq(orders.id, id));",
      'await tx.update(orders).set(changes).where(eq(orders.id, id));',
      'await tx.update(tools).set({ promisedQuantity: 0 }).where(eq(tools.id, id));',
      'await tx.update(tools).set({ availableQuantity: sql`${tools.availableQuantity} - 1` }).returning();',
      'await db.delete(tools).where(eq(tools.id, id));',
      "await tx.insert(stockMovements).values({ toolId, kind: 'received', units: 5, levelAfter: 5 });",
      'await db.execute(sql`delete from stock_movements where tool_id = ${id}`);',
      "await db.execute(sql`update orders set delivery = 'shipped' where id = ${id}`);",
      'await db.execute(sql`update ${tools} set available_quantity = 0`);',
      "await db.execute(sql`insert into order_events (order_id, type) values (${id}, 'paid')`);",
      "await db.insert(shopDayTotals).values({ day: '2026-11-27', paidCents: 100 });",
    ];
    for (const write of writes) expect(writesOutsideTheLifecycle([{ name: 'elsewhere.ts', source: write }]), write).not.toEqual([]);
    const reads = [
      'await tx.update(orders).set({ invoiceNumber: invoice.number }).where(eq(orders.status, "paid"));',
      'await db.select().from(orders).where(eq(orders.status, "unpaid"));',
      'await db.insert(tools).values(input).returning();',
      'await tx.update(tools).set({ ...toolColumns(details) }).where(eq(tools.id, id)).returning();',
      "await db.insert(shopDayTotals).values({ day: '2026-11-26', placedOrders: 12 });",
    ];
    for (const read of reads) expect(writesOutsideTheLifecycle([{ name: 'elsewhere.ts', source: read }]), read).toEqual([]);
  });
});
