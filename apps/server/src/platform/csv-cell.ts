/**
 * Customers write addresses and names, admins open the file in a spreadsheet, which runs a cell
 * starting with = + - @ (or their full-width forms, or any of them after spaces it may trim) as a
 * formula. Following OWASP's CSV-injection guidance such text gets a leading apostrophe, and so
 * does every place inside a cell where a spreadsheet splitting on another separator (`;` in much
 * of Europe, tab, pipe) or on a bare line break would start a cell of its own.
 */
const FORMULA_AT_START = /^(?:[\t\r\n]|[\s"]*[=+\-@＝＋－＠])/u;
// A quote counts as space here: written as `""`, it reads as an empty quoted text in front of the formula.
const FORMULA_AFTER_SEPARATOR = /([,;\t|\r\n])(?=[\s"]*[=+\-@＝＋－＠])/gu;
/** Letters, digits and . _ : / - cannot be split by any separator; every other cell is quoted. */
const PLAIN = /^[\p{L}\p{N}._:/-]*$/u;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string') {
    if (FORMULA_AT_START.test(text)) text = `'${text}`;
    text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  }
  return PLAIN.test(text) ? text : `"${text.replaceAll('"', '""')}"`;
}

const GUARDED_AT_START = /^'(?=[\t\r\n]|[\s"]*[=+\-@＝＋－＠])/u;
const GUARDED_AFTER_SEPARATOR = /([,;\t|\r\n])'(?=[\s"]*[=+\-@＝＋－＠])/gu;

/**
 * A cell's text as it was before csvCell guarded it: a file the shop wrote comes back unchanged
 * (the catalogue's import reads its own export). A text that itself had an apostrophe exactly where
 * the guard puts one loses it; nobody writes '=… on purpose in a tool's fields.
 */
export function unguardedCell(text: string): string {
  return text.replace(GUARDED_AT_START, '').replace(GUARDED_AFTER_SEPARATOR, '$1');
}
