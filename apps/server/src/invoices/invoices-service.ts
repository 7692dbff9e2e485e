import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { creditNotes, invoices } from '../db/schema.ts';
import type { Caller } from '../identity/caller.ts';
import type { DocumentAttachment, MailFile } from '../mail/mailer.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf.ts';
import type { InvoiceRegister } from './invoice-register.ts';

export interface PdfFile {
  fileName: string;
  pdf: Buffer;
}

/** A file name any mail program and browser keeps as it is, whatever the configured prefix holds. */
const pdfName = (number: string) => `${number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

/** The documents people download (the buyer, an admin) and the files mails carry. */
export function createInvoicesService(deps: { db: Database; orders: OrdersService; register: InvoiceRegister }) {
  const { db, orders, register } = deps;

  return {
    /** GET /purchasedSingle/{id}/invoice.pdf: the buyer's or, for an admin, any order's invoice. */
    async invoicePdf(caller: Caller, orderId: string): Promise<PdfFile> {
      const order = await orders.findVisibleOrder(caller, orderId);
      if (order.status === 'unpaid') throw new AppError('conflict', 'This order is not paid yet: its invoice is issued when it is paid.');
      const invoice = await register.invoiceOf(db, order.id);
      if (!invoice) throw notFound('This order has no invoice: its payment was refunded when it arrived, or it was paid before the shop issued invoices.');
      return { fileName: pdfName(invoice.number), pdf: await renderInvoicePdf(invoice) };
    },

    /** GET /purchasedSingle/{id}/credit-note.pdf: the latest credit note, or the one numbered `number`. */
    async creditNotePdf(caller: Caller, orderId: string, number?: string): Promise<PdfFile> {
      const order = await orders.findVisibleOrder(caller, orderId);
      const notes = await register.creditNotesOf(db, order.id);
      const note = number === undefined ? notes[0] : notes.find((candidate) => candidate.number === number);
      if (!note) throw notFound(number === undefined ? 'This order has no credit note: nothing has been refunded.' : `This order has no credit note ${number}.`);
      return { fileName: pdfName(note.number), pdf: await renderCreditNotePdf(note) };
    },

    /** A mail's document, rendered from its stored copy when the mail is sent. */
    async mailFile(document: DocumentAttachment): Promise<MailFile> {
      const pdf =
        document.kind === 'invoice'
          ? await renderInvoicePdf(await found(db.select().from(invoices).where(eq(invoices.id, document.id))))
          : await renderCreditNotePdf(await found(db.select().from(creditNotes).where(eq(creditNotes.id, document.id))));
      return { filename: pdfName(document.number), contentType: 'application/pdf', content: pdf };
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;

/** Documents are never deleted: a missing one is a fault, retried by the dispatcher and logged. */
async function found<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('The document of this mail no longer exists.');
  return row;
}
