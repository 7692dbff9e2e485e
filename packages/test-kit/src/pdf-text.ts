import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js takes ownership of the array it is given: hand it a copy. */
const openPdf = (pdf: Buffer | Uint8Array) => getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;

/** The text a PDF shows, page by page, one line per text run: what a reader (or an accountant's tool) extracts. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await openPdf(pdf);
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim() !== '') lines.push(item.str);
  }
  await document.destroy();
  return lines.join('\n');
}

/** The files a PDF carries (its EmbeddedFiles: a Factur-X invoice carries its XML), by file name. */
export async function pdfAttachments(pdf: Buffer | Uint8Array): Promise<Record<string, Uint8Array>> {
  const document = await openPdf(pdf);
  const attachments = (await document.getAttachments()) as Record<string, { filename: string; content: Uint8Array }> | null;
  // Copied before the document lets go of its memory.
  const files = Object.fromEntries(Object.values(attachments ?? {}).map((file) => [file.filename, new Uint8Array(file.content)]));
  await document.destroy();
  return files;
}
