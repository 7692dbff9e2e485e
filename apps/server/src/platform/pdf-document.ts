import path from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * The frame of every PDF the shop draws (invoices, credit notes, packing slips): A4, the shipped
 * fonts, and tables of columns. Liberation Sans (SIL OFL, assets/fonts/OFL.txt) is shipped, so
 * rendering needs no network and prints any Latin name.
 */
const FONTS_DIR = path.resolve(import.meta.dirname, '../../assets/fonts');
export const REGULAR = path.join(FONTS_DIR, 'LiberationSans-Regular.ttf');
export const BOLD = path.join(FONTS_DIR, 'LiberationSans-Bold.ttf');

export const MARGIN = 56;
/** A4's width less both margins. */
export const CONTENT_WIDTH = 595.28 - 2 * MARGIN;

export type PdfDocument = InstanceType<typeof PDFDocument>;

/** A document dated `issuedAt`, drawn by `draw`, as bytes. */
export function renderPdf(title: string, issuedAt: Date, draw: (doc: PdfDocument) => void): Promise<Buffer> {
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

type Column = { label: string; x: number; width: number; align: 'left' | 'right' };

/** One row of a table: each text in its column, the next row below the tallest. */
export function drawRow(doc: PdfDocument, columns: readonly Column[], texts: readonly string[], font: string) {
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

/** A table of rows under bold column labels. */
export function drawTable(doc: PdfDocument, columns: readonly Column[], rows: string[][]) {
  drawRow(doc, columns, columns.map((column) => column.label), BOLD);
  for (const row of rows) drawRow(doc, columns, row, REGULAR);
}
