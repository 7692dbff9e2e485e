import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatCents } from '@voltline/shared/money';
import { formatLongDate } from '@voltline/shared/shop-constants';
import type { CreditNoteRow, InvoiceRow } from './invoice-register.ts';

/** Liberation Sans (SIL OFL, assets/fonts/OFL.txt): shipped, so rendering needs no network and prints any Latin name. */
const FONTS_DIR = path.resolve(import.meta.dirname, '../../assets/fonts');
const REGULAR = path.join(FONTS_DIR, 'LiberationSans-Regular.ttf');
const BOLD = path.join(FONTS_DIR, 'LiberationSans-Bold.ttf');

const MARGIN = 56;
const COLUMNS = [
  { label: 'Tool', x: MARGIN, width: 250, align: 'left' },
  { label: 'Quantity', x: 310, width: 60, align: 'right' },
  { label: 'Unit price', x: 375, width: 80, align: 'right' },
  { label: 'Total', x: 460, width: 80, align: 'right' },
] as const;


type Document = InstanceType<typeof PDFDocument>;

function render(title: string, issuedAt: Date, draw: (doc: Document) => void): Promise<Buffer> {
  // The creation date is the issue date, not "now": it also seeds the file id, so a document's bytes never change.
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, font: REGULAR, info: { Title: title, CreationDate: issuedAt } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** The part both documents share: who issued it, and to whom. */
function drawParties(doc: Document, heading: string, document: InvoiceRow | CreditNoteRow) {
  doc.font(BOLD).fontSize(20).text(heading);
  doc.moveDown(0.5).font(REGULAR).fontSize(10);
  doc.text(`Number: ${document.number}`);
  // In UTC: the same document prints the same date wherever the server runs.
  doc.text(`Date: ${formatLongDate(document.issuedAt, 'UTC')}`);
  doc.text(`Order: ${document.orderId}`);
  doc.moveDown();
  doc.font(BOLD).text('From');
  doc.font(REGULAR).text(document.sellerName).text(document.sellerAddress);
  if (document.sellerTaxId) doc.text(`Tax id: ${document.sellerTaxId}`);
  doc.moveDown();
  doc.font(BOLD).text('Bill to');
  doc.font(REGULAR).text(document.buyerName).text(document.buyerEmail).text(document.buyerPhone).text(document.buyerAddress);
  doc.moveDown(1.5);
}

/** A table of rows under bold column labels. */
function drawTable(doc: Document, columns: readonly { label: string; x: number; width: number; align: 'left' | 'right' }[], rows: string[][]) {
  for (const [font, texts] of [[BOLD, columns.map((column) => column.label)], ...rows.map((row) => [REGULAR, row] as const)] as const) {
    const top = doc.y;
    let bottom = top;
    doc.font(font);
    columns.forEach((column, index) => {
      doc.text(texts[index]!, column.x, top, { width: column.width, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = MARGIN;
    doc.y = bottom + 4;
  }
}

/** The invoice as it was issued at payment, for ever. */
export const renderInvoicePdf = (invoice: InvoiceRow): Promise<Buffer> =>
  render(`Invoice ${invoice.number}`, invoice.issuedAt, (doc) => {
    drawParties(doc, 'Invoice', invoice);
    drawTable(doc, COLUMNS, [[invoice.product, String(invoice.quantity), formatCents(invoice.unitPriceCents), formatCents(invoice.totalCents)]]);
    doc.moveDown();
    doc.font(BOLD).text(`Total: ${formatCents(invoice.totalCents)}`, { align: 'right' });
    doc.font(REGULAR).moveDown();
    doc.text(`Payment: ${invoice.paymentMethod}`);
    doc.text(`Transaction id: ${invoice.transactionId}`);
    doc.moveDown().font(BOLD).fontSize(14).text('Paid');
  });

const CREDIT_COLUMNS = [
  { label: 'Credited', x: MARGIN, width: 400, align: 'left' },
  { label: 'Amount', x: 460, width: 80, align: 'right' },
] as const;

/**
 * One refund of an invoiced order. Its total is what it credits: the invoice's line and total are
 * a reference, in words, so a partial refund never reads as the whole order's.
 */
export const renderCreditNotePdf = (note: CreditNoteRow): Promise<Buffer> =>
  render(`Credit note ${note.number}`, note.issuedAt, (doc) => {
    drawParties(doc, 'Credit note', note);
    doc.text(`This credit note refers to invoice ${note.invoiceNumber}: ${note.product}, ${note.quantity} x ${formatCents(note.unitPriceCents)}, total ${formatCents(note.totalCents)}.`);
    doc.text(`Reason: ${note.reason}`);
    doc.moveDown();
    drawTable(doc, CREDIT_COLUMNS, [[`Refund on invoice ${note.invoiceNumber}`, formatCents(note.amountCents)]]);
    doc.moveDown();
    doc.font(BOLD).fontSize(14).text(`Total credited: ${formatCents(note.amountCents)}`, { align: 'right' });
    doc.font(REGULAR).fontSize(10).moveDown();
    doc.text(`Refunded so far on this order: ${formatCents(note.refundedSoFarCents)} of ${formatCents(note.totalCents)}`);
    doc.text(`Refunded to: ${note.paymentMethod}`);
    doc.text(`Transaction id: ${note.transactionId}`);
  });
