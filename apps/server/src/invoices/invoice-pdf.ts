import { formatIban } from '@voltline/shared/bank-account';
import { countryName } from '@voltline/shared/country-names';
import { creditedItems, creditedLabel, creditNoteWords, invoiceItems, treatmentWords, type DocumentFigures } from '@voltline/shared/document-figures';
import { formatCents } from '@voltline/shared/money';
import { formatLongDate } from '@voltline/shared/shop-constants';
import { BOLD, CONTENT_WIDTH, drawRow, drawTable, MARGIN, REGULAR, renderPdf as render, type PdfDocument as Document } from '../platform/pdf-document.ts';
import type { CreditNoteRow, InvoiceRow } from './invoice-register.ts';

const COLUMNS = [
  { label: 'Tool', x: MARGIN, width: 250, align: 'left' },
  { label: 'Quantity', x: 310, width: 60, align: 'right' },
  { label: 'Unit price', x: 375, width: 80, align: 'right' },
  { label: 'Total', x: 460, width: 80, align: 'right' },
] as const;

/** The part both documents share: who issued it, and to whom; the order by the number people know it by (issue 43). */
function drawParties(doc: Document, heading: string, document: InvoiceRow | CreditNoteRow, orderNumber: string) {
  doc.font(BOLD).fontSize(20).text(heading);
  doc.moveDown(0.5).font(REGULAR).fontSize(10);
  doc.text(`Number: ${document.number}`);
  // In UTC: the same document prints the same date wherever the server runs.
  doc.text(`Date: ${formatLongDate(document.issuedAt, 'UTC')}`);
  doc.text(`Order: ${orderNumber}`);
  if (document.figures?.purchaseOrderNumber) doc.text(`Your purchase order: ${document.figures.purchaseOrderNumber}`);
  doc.moveDown();
  doc.font(BOLD).text('From');
  doc.font(REGULAR).text(document.sellerName).text(document.sellerAddress);
  // Documents issued before 0027 said "Tax id"; they print as issued.
  if (document.sellerTaxId) doc.text(`${document.figures ? 'VAT id' : 'Tax id'}: ${document.sellerTaxId}`);
  doc.moveDown();
  doc.font(BOLD).text('Bill to');
  // A business account's invoice names the company at its billing address (issue 39), the person for it after.
  const company = document.figures?.buyerCompany;
  if (company) {
    doc.font(BOLD).text(company.companyName);
    doc.font(REGULAR).text(company.billingStreet).text(`${company.billingPostcode} ${company.billingCity}`).text(countryName(company.billingCountry));
    doc.text(`For: ${document.buyerName}`);
  } else {
    doc.font(REGULAR).text(document.buyerName);
  }
  doc.text(document.buyerEmail).text(document.buyerPhone);
  doc.text(company ? `Delivery address: ${document.buyerAddress}` : document.buyerAddress);
  if (document.figures?.buyerVatId) doc.text(`VAT id: ${document.figures.buyerVatId}`);
  // The country's name: a code alone is misread (issue 43: "Country DE").
  if (document.figures?.country) doc.text(`Delivered to: ${countryName(document.figures.country)}`);
  doc.moveDown(1.5);
}


/** "19%", "5.5%": a rate as people write it. */
const percent = (rate: number) => `${rate}%`;

const FIGURE_COLUMNS = [
  { label: 'Description', x: MARGIN, width: 130, align: 'left' },
  { label: 'Qty', x: 190, width: 30, align: 'right' },
  { label: 'Unit price excl. VAT', x: 225, width: 88, align: 'right' },
  { label: 'Discount', x: 317, width: 50, align: 'right' },
  { label: 'VAT rate', x: 371, width: 42, align: 'right' },
  { label: 'Net', x: 417, width: 60, align: 'right' },
  { label: 'VAT', x: 481, width: 58, align: 'right' },
] as const;

const RATE_COLUMNS = [
  { label: 'VAT rate', x: 280, width: 80, align: 'right' },
  { label: 'Taxable amount', x: 365, width: 90, align: 'right' },
  { label: 'VAT', x: 460, width: 80, align: 'right' },
] as const;

/** Each line of goods, the delivery as a line, then each rate's taxable amount and VAT (art. 226 (6)-(10)). */
function drawFigures(doc: Document, figures: DocumentFigures, shares: { heading: string; vatLabel: string }, withLines = true) {
  doc.fontSize(9);
  if (withLines) drawLines(doc, figures);
  doc.font(BOLD).text(shares.heading, MARGIN);
  drawTable(
    doc,
    RATE_COLUMNS,
    figures.vat.map((share) => [percent(share.rate), formatCents(share.net), formatCents(share.vat)]),
  );
  doc.fontSize(10).moveDown(0.5);
  doc.font(BOLD).text(`${shares.vatLabel}: ${formatCents(figures.vat.reduce((sum, share) => sum + share.vat, 0))}`, { align: 'right' });
}

/** An invoice's lines of goods and its delivery, each with its figures (art. 226 (6)-(8)). */
function drawLines(doc: Document, figures: DocumentFigures) {
  drawRow(doc, FIGURE_COLUMNS, FIGURE_COLUMNS.map((column) => column.label), BOLD);
  const items = invoiceItems(figures);
  for (const item of items) {
    // The description on a line of its own, as wide as the page: a long tool name stays one line of text.
    doc.font(REGULAR).text(item.description, MARGIN, doc.y, { width: CONTENT_WIDTH });
    drawRow(
      doc,
      FIGURE_COLUMNS,
      ['', String(item.quantity), formatCents(item.unitNet), formatCents(item.discount), percent(item.vatRate), formatCents(item.net), formatCents(item.vat)],
      REGULAR,
    );
  }
  doc.moveDown();
}

/** The invoice as it was issued at payment, for ever. */
export const renderInvoicePdf = (invoice: InvoiceRow, orderNumber: string): Promise<Buffer> =>
  render(`Invoice ${invoice.number}`, invoice.issuedAt, (doc) => {
    drawParties(doc, 'Invoice', invoice, orderNumber);
    const { figures } = invoice;
    if (figures) {
      drawFigures(doc, figures, { heading: 'VAT per rate', vatLabel: 'VAT payable' });
      doc.font(BOLD).text(`Total: ${formatCents(invoice.totalCents)}`, { align: 'right' });
      const words = treatmentWords(figures, invoice.sellerVatNote);
      if (words) doc.font(REGULAR).moveDown().text(words, MARGIN);
    } else {
      drawTable(doc, COLUMNS, [[invoice.product, String(invoice.quantity), formatCents(invoice.unitPriceCents), formatCents(invoice.totalCents)]]);
      doc.moveDown();
      doc.font(BOLD).text(`Total: ${formatCents(invoice.totalCents)}`, { align: 'right' });
    }
    doc.font(REGULAR).moveDown();
    doc.text(`Payment: ${invoice.paymentMethod}`, MARGIN);
    const onAccount = figures?.onAccount;
    if (onAccount) {
      // Issued when the order was placed (decision 060): it asks to be paid, it does not say paid.
      doc.text(`Payment due by: ${formatLongDate(new Date(`${onAccount.dueOn}T00:00:00Z`), 'UTC')}`);
      doc.text(`Please transfer ${formatCents(invoice.totalCents)} to IBAN ${formatIban(onAccount.iban)}, BIC ${onAccount.bic}`);
      doc.text(`Payment reference: ${onAccount.paymentReference}`);
      return;
    }
    doc.text(`Transaction id: ${invoice.transactionId}`);
    doc.moveDown().font(BOLD).fontSize(14).text('Paid');
  });

const CREDIT_COLUMNS = [
  { label: 'Credited', x: MARGIN, width: 400, align: 'left' },
  { label: 'Amount', x: 460, width: 80, align: 'right' },
] as const;

const CREDITED_COLUMNS = [
  { label: 'Credited', x: MARGIN, width: 220, align: 'left' },
  { label: 'VAT rate', x: 280, width: 50, align: 'right' },
  { label: 'Net', x: 335, width: 65, align: 'right' },
  { label: 'VAT', x: 405, width: 60, align: 'right' },
  { label: 'Amount', x: 470, width: 70, align: 'right' },
] as const;

/** What a credit note credits, a row each (creditedItems): the invoice's items, or each rate's part. */
function creditedRows(figures: DocumentFigures): string[][] {
  const { whole, items } = creditedItems(figures);
  return items.map((item) => [whole ? creditedLabel(item) : item.description, percent(item.vatRate), formatCents(item.net), formatCents(item.vat), formatCents(item.net + item.vat)]);
}

/**
 * One refund of an invoiced order: a reference to its invoice (number and date), the reason, what it
 * credits and each rate's taxable amount and VAT reversed in proportion (art. 219 and 226 (6)-(10));
 * the invoice's own lines and total are its, not repeated here.
 */
export const renderCreditNotePdf = (note: CreditNoteRow, invoiceIssuedAt: Date, orderNumber: string): Promise<Buffer> =>
  render(`Credit note ${note.number}`, note.issuedAt, (doc) => {
    drawParties(doc, 'Credit note', note, orderNumber);
    const { figures } = note;
    doc.text(creditNoteWords.creditFor(note.invoiceNumber, invoiceIssuedAt), MARGIN, undefined, { width: CONTENT_WIDTH });
    doc.text(creditNoteWords.reason(note.reason), { width: CONTENT_WIDTH });
    doc.moveDown();
    if (figures) {
      doc.fontSize(9);
      drawTable(doc, CREDITED_COLUMNS, creditedRows(figures));
      doc.moveDown();
      drawFigures(doc, figures, { heading: 'Credited per VAT rate', vatLabel: 'VAT credited' }, false);
    } else {
      drawTable(doc, CREDIT_COLUMNS, [[`Refund on invoice ${note.invoiceNumber}: ${note.product}, ${note.quantity} x ${formatCents(note.unitPriceCents)}`, formatCents(note.amountCents)]]);
    }
    doc.moveDown();
    doc.font(BOLD).fontSize(14).text(`Total credited: ${formatCents(note.amountCents)}`, MARGIN, undefined, { align: 'right' });
    doc.font(REGULAR).fontSize(10).moveDown();
    const words = figures && treatmentWords(figures, note.sellerVatNote);
    if (words) doc.text(words).moveDown();
    doc.text(`Refunded so far on this order: ${formatCents(note.refundedSoFarCents)} of ${formatCents(note.totalCents)}`);
    doc.text(`Refunded to: ${note.paymentMethod}`);
    doc.text(`Transaction id: ${note.transactionId}`);
  });
