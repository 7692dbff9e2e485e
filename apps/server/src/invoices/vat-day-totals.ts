import { sql } from 'drizzle-orm';
import type { DocumentFigures } from '@voltline/shared/document-figures';
import { percentInHundredths } from '@voltline/shared/money';
import type { DbTransaction } from '../db/client.ts';
import { vatDayTotals } from '../db/schema.ts';
import { utcDay } from '../platform/utc-day.ts';

/**
 * Adds a document's VAT per rate to its issue day (decision 038), in the transaction that issues it:
 * the day's rows are exactly the documents committed. One row per rate and treatment, locked until
 * the commit, which the document counter row already serialises anyway.
 */
export async function addToVatDay(tx: DbTransaction, kind: 'invoice' | 'credit_note', issuedAt: Date, figures: DocumentFigures): Promise<void> {
  const invoiced = kind === 'invoice';
  const rows = figures.vat.map((share) => ({
    day: utcDay(issuedAt),
    treatment: figures.vatTreatment,
    rateHundredths: percentInHundredths(share.rate),
    invoicedNetCents: invoiced ? share.net : 0,
    invoicedVatCents: invoiced ? share.vat : 0,
    creditedNetCents: invoiced ? 0 : share.net,
    creditedVatCents: invoiced ? 0 : share.vat,
    invoices: invoiced ? 1 : 0,
    creditNotes: invoiced ? 0 : 1,
  }));
  if (rows.length === 0) return;
  const added = (column: keyof typeof vatDayTotals.$inferSelect & string) => {
    const name = vatDayTotals[column].name;
    return sql`${vatDayTotals[column]} + excluded.${sql.identifier(name)}`;
  };
  await tx
    .insert(vatDayTotals)
    .values(rows)
    .onConflictDoUpdate({
      target: [vatDayTotals.day, vatDayTotals.treatment, vatDayTotals.rateHundredths],
      set: {
        invoicedNetCents: added('invoicedNetCents'),
        invoicedVatCents: added('invoicedVatCents'),
        creditedNetCents: added('creditedNetCents'),
        creditedVatCents: added('creditedVatCents'),
        invoices: added('invoices'),
        creditNotes: added('creditNotes'),
      },
    });
}
