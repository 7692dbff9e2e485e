import type { Database } from '../db/client.ts';
import type { Caller } from '../identity/caller.ts';
import type { DocumentAttachment, MailFile } from '../platform/mailer.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { createBoundedMemory } from '../platform/bounded-memory.ts';
import { createTurns, createTurnsPerCaller } from '../platform/turns.ts';
import { DOCUMENT_FILES, type DocumentFile, type OrderDocument } from '@voltline/shared/e-invoices';
import { eInvoiceOf, renderEInvoice, whyNoEInvoice, type EInvoiceFormat, type SellerContact } from './e-invoice.ts';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf.ts';
import type { CreditNoteRow, InvoiceRegister, InvoiceRow } from './invoice-register.ts';

/** A document's file as it is downloaded or mailed. */
export interface DocumentDownload {
  fileName: string;
  contentType: string;
  content: Buffer;
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

/**
 * A file name any mail program and browser keeps as it is, whatever the configured prefix holds:
 * INV-000042.pdf, INV-000042.xml, INV-000042-facturx.pdf.
 */
const fileName = (number: string, file: DocumentFile) => `${number.replace(/[^A-Za-z0-9._-]/g, '_')}${DOCUMENT_FILES[file]}`;
const CONTENT_TYPES: Record<DocumentFile, string> = { pdf: 'application/pdf', xrechnung: 'application/xml', facturx: 'application/pdf' };

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
  /** The shop's contact and country as an e-invoice names them, read when one is made. */
  seller: () => Promise<SellerContact>;
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

  /**
   * A document's file, made once per instance and remembered (documents never change). A kept PDF
   * changes only when an erased customer's tax records end (decision 061), which changes the
   * buyer's name too: every instance then finds it under a new key and makes it again.
   */
  function remember(document: IssuedDocument, file: DocumentFile, make: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${file}:${document.kind}:${document.row.id}:${document.row.buyerName}`;
    const known = remembered.get(key);
    if (known) return Promise.resolve(known);
    let answer = pending.get(key);
    if (!answer) {
      answer = make().then((content) => {
        remembered.set(key, content);
        return content;
      });
      pending.set(key, answer);
      // A failed or refused making is not remembered: the next request tries again.
      void answer.catch(() => undefined).finally(() => pending.delete(key));
    }
    return answer;
  }

  /** The kept PDF, or one drawn in turn and kept. */
  const pdfOf = (document: IssuedDocument): Promise<Buffer> =>
    remember(document, 'pdf', async () => {
      let pdf = await register.keptPdf(db, document.kind, document.row.id);
      if (!pdf) {
        const orderNumber = await register.orderNumberOf(db, document.row.orderId);
        pdf = await drawings.run(() => draw({ ...document, orderNumber }));
        await register.keepPdf(db, document.kind, document.row.id, pdf);
      }
      return pdf;
    });

  /**
   * A business account's document as an e-invoice (decision 068), made from the same stored row
   * as its PDF (and the Factur-X from that very PDF), in turn with the drawings: it costs about as
   * much. Not stored: it is made again from the row whenever an instance has forgotten it.
   */
  const eInvoiceFile = (document: IssuedDocument, format: EInvoiceFormat): Promise<Buffer> =>
    remember(document, format, async () => {
      const orderNumber = await register.orderNumberOf(db, document.row.orderId);
      // Refused in words (a consumer's document) before anything is drawn.
      const invoice = eInvoiceOf({ ...document, orderNumber }, await deps.seller());
      const pdf = format === 'facturx' ? { fileName: fileName(document.row.number, 'pdf'), content: await pdfOf(document) } : undefined;
      return drawings.run(() => renderEInvoice(invoice, format, pdf));
    });

  /** One file of a document. */
  async function downloadOf(document: IssuedDocument, file: DocumentFile): Promise<DocumentDownload> {
    const content = file === 'pdf' ? await pdfOf(document) : await eInvoiceFile(document, file);
    return { fileName: fileName(document.row.number, file), contentType: CONTENT_TYPES[file], content };
  }

  /** The order's invoice, for its buyer or staff who handle invoices. */
  async function invoiceDocument(caller: Caller, orderId: string): Promise<IssuedDocument> {
    const order = await orders.findVisibleOrder(caller, orderId, 'invoices');
    // An order on account is invoiced when placed (decision 060).
    if (order.status === 'unpaid' && !order.paymentDueOn) throw new AppError('conflict', 'This order is not paid yet: its invoice is issued when it is paid.');
    const invoice = await register.invoiceOf(db, order.id);
    if (!invoice) throw notFound('This order has no invoice: its payment was refunded when it arrived, or it was paid before the shop issued invoices.');
    return { kind: 'invoice', row: invoice };
  }

  /** The order's latest credit note, or the one numbered `number`. */
  async function creditNoteOfOrder(caller: Caller, orderId: string, number?: string): Promise<IssuedDocument> {
    const order = await orders.findVisibleOrder(caller, orderId, 'invoices');
    const notes = await register.creditNotesOf(db, order.id);
    const note = number === undefined ? notes[0] : notes.find((candidate) => candidate.number === number);
    if (!note) throw notFound(number === undefined ? 'This order has no credit note: nothing has been refunded.' : `This order has no credit note ${number}.`);
    return creditNoteDocument(note);
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
     * GET /purchasedSingle/{id}/invoice.pdf, credit-note.pdf and their e-invoices: the buyer's or,
     * for staff who handle invoices, any order's; a credit note the latest or the one numbered
     * `number`. `gone`: the caller stopped waiting; a download still waiting for its turn leaves the queue.
     */
    documentFile: (caller: Caller, orderId: string, wanted: { document: OrderDocument; file: DocumentFile; number?: string }, gone?: AbortSignal): Promise<DocumentDownload> =>
      downloadsOf(
        caller.userId,
        async () => downloadOf(wanted.document === 'invoice' ? await invoiceDocument(caller, orderId) : await creditNoteOfOrder(caller, orderId, wanted.number), wanted.file),
        gone,
      ),

    /**
     * A mail's document: the same kept PDF the buyer downloads; a business account's as its Factur-X
     * under the same name (the printed document with its XML inside: one invoice, never two PDFs to
     * book twice) and its XRechnung XML. A refusal to draw now fails this sending, which the
     * dispatcher retries later.
     */
    async mailFiles(attachment: DocumentAttachment): Promise<MailFile[]> {
      const document = await storedDocument(attachment.kind, attachment.id);
      if (whyNoEInvoice(document.row)) {
        return [{ filename: fileName(attachment.number, 'pdf'), contentType: 'application/pdf', content: await pdfOf(document) }];
      }
      const [facturX, xml] = await Promise.all([eInvoiceFile(document, 'facturx'), eInvoiceFile(document, 'xrechnung')]);
      return [
        { filename: fileName(attachment.number, 'pdf'), contentType: 'application/pdf', content: facturX },
        { filename: fileName(attachment.number, 'xrechnung'), contentType: 'application/xml', content: xml },
      ];
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
