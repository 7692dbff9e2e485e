import { and, asc, gte, lt, sql, type AnyColumn } from 'drizzle-orm';
import { centsAsAmountText, percentFromHundredths } from '@voltline/shared/money';
import type { VatTreatment } from '@voltline/shared/order-figures';
import type { Database } from '../db/client.ts';
import { vatDayTotals } from '../db/schema.ts';
import { csvCell } from '../platform/csv-cell.ts';

/** One treatment and rate of a month, in cents: what its invoices showed, what its credit notes took back. */
interface VatReportRow {
  treatment: VatTreatment;
  rateHundredths: number;
  invoicedNetCents: number;
  invoicedVatCents: number;
  creditedNetCents: number;
  creditedVatCents: number;
  invoices: number;
  creditNotes: number;
}

/** The treatments the report always totals, so the accountant sees a zero rather than a missing line. */
const TOTALLED: VatTreatment[] = ['reverse-charge', 'export'];

/** Plain amounts in the shop's currency (SHOP_CURRENCY), two decimals. */
const amount = centsAsAmountText;
const rateOf = (hundredths: number) => String(percentFromHundredths(hundredths));

/**
 * The accountant's month from the VAT kept per day (decision 038): some thirty days' rows whatever the
 * number of orders. Days are UTC days, the documents' issue days.
 */
export function createVatReport(db: Database) {
  async function monthRows(month: string): Promise<VatReportRow[]> {
    const first = `${month}-01`;
    const sum = (column: AnyColumn) => sql<number>`sum(${column})::bigint`.mapWith(Number);
    return db
      .select({
        treatment: vatDayTotals.treatment,
        rateHundredths: vatDayTotals.rateHundredths,
        invoicedNetCents: sum(vatDayTotals.invoicedNetCents),
        invoicedVatCents: sum(vatDayTotals.invoicedVatCents),
        creditedNetCents: sum(vatDayTotals.creditedNetCents),
        creditedVatCents: sum(vatDayTotals.creditedVatCents),
        invoices: sum(vatDayTotals.invoices),
        creditNotes: sum(vatDayTotals.creditNotes),
      })
      .from(vatDayTotals)
      .where(and(gte(vatDayTotals.day, first), lt(vatDayTotals.day, sql`(${first}::date + interval '1 month')::date`)))
      .groupBy(vatDayTotals.treatment, vatDayTotals.rateHundredths)
      .orderBy(asc(vatDayTotals.treatment), asc(vatDayTotals.rateHundredths));
  }

  /** The CSV's lines: a line per treatment and rate, the reverse-charge and export totals, and the month's total. */
  function csvLines(month: string, rows: VatReportRow[]): string[] {
    const line = (kind: string, treatment: string, rate: string, parts: VatReportRow[]) => {
      const added = (pick: (row: VatReportRow) => number) => parts.reduce((total, row) => total + pick(row), 0);
      const invoicedNet = added((row) => row.invoicedNetCents);
      const invoicedVat = added((row) => row.invoicedVatCents);
      const creditedNet = added((row) => row.creditedNetCents);
      const creditedVat = added((row) => row.creditedVatCents);
      return [
        month,
        kind,
        treatment,
        rate,
        amount(invoicedNet),
        amount(invoicedVat),
        amount(creditedNet),
        amount(creditedVat),
        amount(invoicedNet - creditedNet),
        amount(invoicedVat - creditedVat),
        amount(invoicedNet + invoicedVat - creditedNet - creditedVat),
        String(added((row) => row.invoices)),
        String(added((row) => row.creditNotes)),
      ]
        .map(csvCell)
        .join(',');
    };
    return [
      'month,line,treatment,vat_rate,invoiced_net,invoiced_vat,credited_net,credited_vat,net,vat,gross,invoices,credit_notes',
      ...rows.map((row) => line('rate', row.treatment, rateOf(row.rateHundredths), [row])),
      ...TOTALLED.map((treatment) => line('total', treatment, '', rows.filter((row) => row.treatment === treatment))),
      line('total', 'all', '', rows),
    ];
  }

  return {
    /** GET /admin/vat-report?month=YYYY-MM: the month's VAT as CSV (amounts in the shop's currency, two decimals). */
    async monthCsv(month: string): Promise<string> {
      return `${csvLines(month, await monthRows(month)).join('\r\n')}\r\n`;
    },
  };
}
export type VatReport = ReturnType<typeof createVatReport>;
