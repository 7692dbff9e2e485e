import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text a PDF shows, page by page, one line per text run: what a reader (or an accountant's tool) extracts. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  // pdf.js takes ownership of the array it is given: hand it a copy.
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim() !== '') lines.push(item.str);
  }
  await document.destroy();
  return lines.join('\n');
}
