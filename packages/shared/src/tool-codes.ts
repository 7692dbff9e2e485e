import { z } from 'zod';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/**
 * A tool's codes (issue 40, item 8): its SKU, the shop's own code, and its EAN/GTIN, the maker's
 * barcode. Both are optional (a spec client's tool has neither) and unique when given: the
 * database's partial unique indexes decide, the messages below say it in words.
 */

/** The lengths a GTIN comes in: EAN-8, UPC-A (12), EAN-13 and GTIN-14. */
const GTIN_LENGTHS = [8, 12, 13, 14];

/**
 * The check digit GS1 gives the digits before it: from the right, they count 3, 1, 3, 1… times,
 * and the check digit makes the sum a multiple of 10. Every GTIN length shares the rule.
 */
export function gtinCheckDigit(digitsBeforeCheck: string): number {
  let sum = 0;
  for (let index = 0; index < digitsBeforeCheck.length; index += 1) {
    const digit = Number(digitsBeforeCheck[digitsBeforeCheck.length - 1 - index]);
    sum += index % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** What a GTIN's refusals say: its length, and its check digit with the rule that makes it. */
export const gtinMessages = {
  notDigits: 'GTIN must be 8, 12, 13 or 14 digits (EAN-8, UPC-A, EAN-13 or GTIN-14), spaces and dashes aside.',
  checkDigit: (gtin: string, expected: number) =>
    `GTIN ${gtin} has a wrong check digit: its last digit must be ${expected}. From the right, the digits before the check digit count 3, 1, 3, 1… times, and the check digit makes their sum a multiple of 10.`,
};

/** The refusals of a code another tool already has. */
export const skuTakenMessage = (sku: string) => `Another tool already has the SKU "${sku}": each tool's SKU is its own.`;
export const gtinTakenMessage = (gtin: string) => `Another tool already has the GTIN ${gtin}: each tool's barcode is its own.`;

/** Empty text (or null) is no code: the tool has none, or an edit takes it away. */
const emptyAsNull = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());

/** A SKU as typed: letters, digits and . _ / - (no spaces, so a scanner or a CSV reads it whole). */
export const skuInputSchema = z.union([z.null(), text().max(200, tooLongMessage('SKU', TEXT_LIMITS.sku))]).transform((value, context) => {
  const sku = emptyAsNull(value);
  if (sku === null) return null;
  if (sku.length > TEXT_LIMITS.sku) {
    context.addIssue({ code: 'custom', message: tooLongMessage('SKU', TEXT_LIMITS.sku) });
    return z.NEVER;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(sku)) {
    context.addIssue({ code: 'custom', message: 'SKU may hold letters, digits and . _ / - only, starting with a letter or digit.' });
    return z.NEVER;
  }
  return sku;
});

/** A GTIN as typed (spaces and dashes allowed between digits), kept as its digits once its check digit is right. */
export const gtinInputSchema = z.union([z.null(), text().max(40, gtinMessages.notDigits)]).transform((value, context) => {
  const typed = emptyAsNull(value);
  if (typed === null) return null;
  const gtin = typed.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(gtin) || !GTIN_LENGTHS.includes(gtin.length)) {
    context.addIssue({ code: 'custom', message: gtinMessages.notDigits });
    return z.NEVER;
  }
  const expected = gtinCheckDigit(gtin.slice(0, -1));
  if (Number(gtin.slice(-1)) !== expected) {
    context.addIssue({ code: 'custom', message: gtinMessages.checkDigit(gtin, expected) });
    return z.NEVER;
  }
  return gtin;
});

/** A search that is a whole GTIN (its digits, spaces and dashes aside), else undefined. */
export function gtinOfSearch(search: string): string | undefined {
  const digits = search.trim().replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) && GTIN_LENGTHS.includes(digits.length) ? digits : undefined;
}
