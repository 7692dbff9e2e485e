import type { Database } from '../db/client.ts';
import type { Caller } from '../identity/caller.ts';
import type { DocumentAttachment, MailFile } from '../platform/mailer.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { createBoundedMemory } from '../platform/bounded-memory.ts';
import { createTurns, createTurnsPerCaller } from '../platform/turns.ts';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf.ts';
import type { CreditNoteRow, InvoiceRegister, InvoiceRow } from './invoice-register.ts';

export interface PdfFile {
  fileName: string;
  pdf: Buffer;
}

/** A stored document, as its PDF is drawn from it. */
export type IssuedDocument = { kind: 'invoice'; row: InvoiceRow } | { kind: 'credit_note'; row: CreditNoteRow; invoiceIssuedAt: Date };
/** A document as it is drawn: with its order's number (VL-10042), read when it is first drawn. */
type DrawnDocument = IssuedDocument & { orderNumber: string };
/** Draws a document's PDF; tests pass one that counts and holds drawings. */
export type DrawDocument = (document: DrawnDocument) => Promise<Buffer>;

export const drawDocumentPdf: DrawDocument = (document) =>
  document.kind === 'invoice' ? renderInvoicePdf(document.row, document.orderNumber) : renderCreditNotePdf(document.row, document.invoiceIssuedAt, document.orderNumber);

/** Documents waiting for a drawing while the allowed number are drawn; more are told to come back. */
export const DOCUMENT_DRAWING_QUEUE = 8;
/**
 * One account's downloads wait for each other and start at least this far apart: a caller with many
 * in flight is served one after another, its waiting requests costing nothing, so however fast it
 * asks it takes a small share of the server (a download costs a few milliseconds) and cannot slow
 * the shop for everyone else. A person opening documents one by one never waits.
 */
const DOWNLOAD_SPACING_MS = 100;
/** Downloads of one account waiting for their turn; past that it is told to come back. */
export const DOWNLOADS_WAITING_PER_ACCOUNT = 32;
/** Kept PDFs held in memory too (about 20 KB a document). */
const PDF_MEMORY_BYTES = 16 * 1024 * 1024;
/** What a caller told to come back is asked to wait: a few drawings' time. */
const BUSY_RETRY_SECONDS = 5;

/** A file name any mail program and browser keeps as it is, whatever the configured prefix holds. */
const pdfName = (number: string) => `${number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

/**
 * The documents people download (the buyer, an admin) and the files mails carry. Each PDF is drawn
 * once, at its first download or mail, and kept with its document (docs/decisions/026); drawings
 * take turns, `drawingsAtOnce` at a time per instance, and each account's downloads one at a time.
 */
export function createInvoicesService(deps: {
  db: Database;
  orders: OrdersService;
  register: InvoiceRegister;
  drawingsAtOnce: number;
  draw?: DrawDocument;
}) {
  const { db, orders, register, draw = drawDocumentPdf } = deps;
  const drawings = createTurns(
    { atOnce: deps.drawingsAtOnce, queueLength: DOCUMENT_DRAWING_QUEUE, retryAfterSeconds: BUSY_RETRY_SECONDS },
    { kind: 'busy', message: (wait) => `The shop is busy preparing invoices and credit notes. Try again in ${wait}.` },
  );
  const downloadsOf = createTurnsPerCaller(
    { atOnce: 1, queueLength: DOWNLOADS_WAITING_PER_ACCOUNT, retryAfterSeconds: BUSY_RETRY_SECONDS, spacingMs: DOWNLOAD_SPACING_MS },
    { kind: 'too_many_requests', message: (wait) => `You asked for too many invoices and credit notes at once. Try again in ${wait}.` },
  );
  // Kept PDFs in front of the table, which PGlite reads slowly (about 10 ms a document): they never change.
  const remembered = createBoundedMemory<Buffer>(PDF_MEMORY_BYTES, (pdf) => pdf.length);
  // Documents being read or drawn: the same document asked for again meanwhile waits for this one.
  const pending = new Map<string, Promise<Buffer>>();

  /** The kept PDF, or one drawn in turn and kept. */
  function pdfOf(document: IssuedDocument): Promise<Buffer> {
    // A kept PDF changes only when an erased customer's tax records end (decision 061), which
    // changes the buyer's name too: every instance then finds it under a new key and reads it again.
    const key = `${document.kind}:${document.row.id}:${document.row.buyerName}`;
    const known = remembered.get(key);
    if (known) return Promise.resolve(known);
    let answer = pending.get(key);
    if (!answer) {
      answer = (async () => {
        let pdf = await register.keptPdf(db, document.kind, document.row.id);
        if (!pdf) {
          const orderNumber = await register.orderNumberOf(db, document.row.orderId);
          pdf = await drawings.run(() => draw({ ...document, orderNumber }));
          await register.keepPdf(db, document.kind, document.row.id, pdf);
        }
        remembered.set(key, pdf);
        return pdf;
      })();
      pending.set(key, answer);
      // A failed or refused drawing is not remembered: the next request tries again.
      void answer.catch(() => undefined).finally(() => pending.delete(key));
    }
    return answer;
  }

  async function invoiceFile(caller: Caller, orderId: string): Promise<PdfFile> {
    const order = await orders.findVisibleOrder(caller, orderId, 'invoices');
    // An order on account is invoiced when placed (decision 060).
    if (order.status === 'unpaid' && !order.paymentDueOn) throw new AppError('conflict', 'This order is not paid yet: its invoice is issued when it is paid.');
    const invoice = await register.invoiceOf(db, order.id);
    if (!invoice) throw notFound('This order has no invoice: its payment was refunded when it arrived, or it was paid before the shop issued invoices.');
    return { fileName: pdfName(invoice.number), pdf: await pdfOf({ kind: 'invoice', row: invoice }) };
  }

  async function creditNoteFile(caller: Caller, orderId: string, number?: string): Promise<PdfFile> {
    const order = await orders.findVisibleOrder(caller, orderId, 'invoices');
    const notes = await register.creditNotesOf(db, order.id);
    const note = number === undefined ? notes[0] : notes.find((candidate) => candidate.number === number);
    if (!note) throw notFound(number === undefined ? 'This order has no credit note: nothing has been refunded.' : `This order has no credit note ${number}.`);
    return { fileName: pdfName(note.number), pdf: await pdfOf(await creditNoteDocument(note)) };
  }

  /** A credit note with the date of the invoice it refers to (issue 43): a document never changes, so it is read, not copied. */
  async function creditNoteDocument(note: CreditNoteRow): Promise<IssuedDocument> {
    const invoice = await register.invoiceOf(db, note.orderId);
    // Every credit note refers to its order's invoice (credit_notes.invoice_id): a missing one is a fault.
    if (!invoice) throw new Error(`The invoice of credit note ${note.number} no longer exists.`);
    return { kind: 'credit_note', row: note, invoiceIssuedAt: invoice.issuedAt };
  }

  /** A document by its kind and id, as its PDF is drawn. */
  async function storedDocument(kind: DocumentAttachment['kind'], id: string): Promise<IssuedDocument> {
    const row = await register.documentById(db, kind, id);
    // Documents are never deleted: a missing one is a fault (a mail's is retried by the dispatcher and logged).
    if (!row) throw new Error(`The ${kind} ${id} no longer exists.`);
    return kind === 'invoice' ? { kind: 'invoice', row: row as InvoiceRow } : creditNoteDocument(row as CreditNoteRow);
  }

  return {
    /**
     * GET /purchasedSingle/{id}/invoice.pdf: the buyer's or, for an admin, any order's invoice.
     * `gone`: the caller stopped waiting; a download still waiting for its turn leaves the queue.
     */
    invoicePdf: (caller: Caller, orderId: string, gone?: AbortSignal): Promise<PdfFile> => downloadsOf(caller.userId, () => invoiceFile(caller, orderId), gone),

    /** GET /purchasedSingle/{id}/credit-note.pdf: the latest credit note, or the one numbered `number`. */
    creditNotePdf: (caller: Caller, orderId: string, number: string | undefined, gone?: AbortSignal): Promise<PdfFile> =>
      downloadsOf(caller.userId, () => creditNoteFile(caller, orderId, number), gone),

    /**
     * A mail's document: the same kept PDF the buyer downloads. A refusal to draw now fails this
     * sending, which the dispatcher retries later.
     */
    async mailFile(attachment: DocumentAttachment): Promise<MailFile> {
      return { filename: pdfName(attachment.number), contentType: 'application/pdf', content: await pdfOf(await storedDocument(attachment.kind, attachment.id)) };
    },

    /**
     * Draws and keeps the PDF of each document of the buyer's orders not drawn yet: an erasure then
     * clears the buyer's email and phone from the columns, and the document still prints as issued
     * (decision 061).
     */
    async keepPdfsOfBuyer(userId: string): Promise<void> {
      for (const kind of ['invoice', 'credit_note'] as const) {
        for (const id of await register.undrawnDocumentsOfBuyer(db, kind, userId)) await pdfOf(await storedDocument(kind, id));
      }
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
