import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orders } from '../db/schema.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { placeOrder } from '../test-support/test-orders.ts';
import { bearer } from '../test-support/test-users.ts';
import { csvCell } from '../platform/csv-cell.ts';

/** The separators spreadsheets split on (Excel by locale or import wizard, LibreOffice's dialog), and bare line breaks. */
const SEPARATORS = [',', ';', '\t', '|', '\r', '\n'];

/**
 * A row as a spreadsheet splits it on `separator`: a field that starts with `"` is read up to its
 * closing quote (`""` being one quote), anything else up to the next separator.
 */
function spreadsheetFields(line: string, separator: string): string[] {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    let field = '';
    if (line[at] === '"') {
      at += 1;
      while (at < line.length && !(line[at] === '"' && line[at + 1] !== '"')) {
        field += line[at];
        at += line[at] === '"' ? 2 : 1;
      }
      at += 1;
    }
    const end = line.indexOf(separator, at);
    fields.push(field + line.slice(at, end === -1 ? undefined : end));
    if (end === -1) return fields;
    at = end + separator.length;
  }
}

/** OWASP's list: = + - @ (and their full-width forms), also after spaces, tabs or returns a spreadsheet may trim. */
const runsAsFormula = (field: string) => /^\s*[=+\-@＝＋－＠]/u.test(field);
const withoutApostrophes = (text: string) => text.replaceAll("'", '');

describe('a CSV cell', () => {
  it('never starts a formula, whichever separator the spreadsheet splits on, and keeps the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.stringMatching(/^[\s=+\-@;,|\t\r"]{0,3}[=+\-@].*$/)), (text) => {
        const line = [csvCell(text), csvCell(text), csvCell(42)].join(',');
        for (const separator of SEPARATORS) {
          expect(spreadsheetFields(line, separator).filter(runsAsFormula)).toEqual([]);
        }
        // Read back with the separator it was written with, the cell is the text, give or take the apostrophes that defuse it.
        expect(withoutApostrophes(spreadsheetFields(line, ',')[0]!)).toBe(withoutApostrophes(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe.each(testDatabaseKinds)('order export on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true, tool: true });

  it.each([
    ['a semicolon', '1 Main St;=HYPERLINK("http://evil.example","click")', `1 Main St;'=HYPERLINK("http://evil.example","click")`],
    ['a tab', '1 Main St\t =1+2', "1 Main St\t' =1+2"],
    ['a pipe', '1 Main St|@SUM(A1)', "1 Main St|'@SUM(A1)"],
    ['leading spaces', '   =1+2', "'   =1+2"],
    ['a leading tab', '\t=1+2', "'\t'=1+2"],
    ['a leading carriage return', '\r-1+2', "'\r'-1+2"],
    ['a full-width equals sign', '＝1+2', "'＝1+2"],
  ])('defuses a formula behind %s in an address', async (_label, address, cell) => {
    // Stored as-is: addresses typed today are trimmed, but older rows and imports need not be.
    const orderId = await placeOrder(shop, shop.customer, shop.tool);
    await shop.database.db.update(orders).set({ address }).where(eq(orders.id, orderId));
    const csv = await shop.app.inject({ method: 'GET', url: '/api/adminPurchased/export.csv?status=unpaid', headers: bearer(shop.admin) });
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\r\n').find((row) => row.startsWith(`${orderId},`))!;
    for (const separator of SEPARATORS) {
      expect(spreadsheetFields(line, separator).filter(runsAsFormula)).toEqual([]);
    }
    expect(spreadsheetFields(line, ',')[9]).toBe(cell);
  });
});
