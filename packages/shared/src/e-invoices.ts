/*
 * A business account's invoices and credit notes as e-invoices (issue 39, part 4; decision 068):
 * XRechnung (UBL XML) and Factur-X (the PDF with its CII XML inside), beside the PDF.
 */

/** The order's documents, as the routes under /purchasedSingle/{id}/ name them. */
export type OrderDocument = 'invoice' | 'credit-note';

/** A document's files: the PDF everyone gets, and for a business account's the two e-invoices. */
export const DOCUMENT_FILES = {
  pdf: '.pdf',
  xrechnung: '.xml',
  facturx: '-facturx.pdf',
} as const;
export type DocumentFile = keyof typeof DOCUMENT_FILES;

/** "/purchasedSingle/{id}/invoice-facturx.pdf": where a document's file is downloaded, under /api. */
export const orderDocumentPath = (orderId: string, document: OrderDocument, file: DocumentFile) =>
  `/purchasedSingle/${encodeURIComponent(orderId)}/${document}${DOCUMENT_FILES[file]}`;

export const eInvoiceMessages = {
  notBusiness:
    "This order was not placed under a business account: its invoice and credit notes are PDFs only. E-invoices (XRechnung, Factur-X) are made for approved business accounts' orders.",
  buyerErased: "This document's buyer was erased: its e-invoice can no longer be addressed to them. Its PDF prints as it was issued.",
};
