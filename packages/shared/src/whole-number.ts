import { z } from 'zod';
import { formatCount } from './validation-messages.ts';

interface WholeNumberRange {
  min: number;
  max: number;
  /** What to say below `min` when "must be at least" is not the shop's wording ("Price must be greater than 0"). */
  minMessage?: string;
}

/**
 * A count or an amount a person types (a stock, a minimum order quantity, a price). The limits are
 * checked before wholeness, so 99999999999999999999 reads as "can be at most 1,000,000" rather than
 * "must be a whole number" (past 2^53 a number is no longer a safe integer, which is what zod's
 * int() reports). Every refusal names the field.
 */
export function wholeNumberSchema(label: string, { min, max, minMessage }: WholeNumberRange) {
  const notWhole = `${label} must be a whole number`;
  return z
    .number({ error: notWhole })
    .max(max, `${label} can be at most ${formatCount(max)}`)
    .min(min, minMessage ?? `${label} must be at least ${formatCount(min)}`)
    .int(notWhole);
}

/**
 * The number a whole-number text field holds: digits only. "1e3", "0x10", "2.5" and "" are not what
 * a person types as a count, so they become NaN (refused as "must be a whole number") instead of
 * being read as 1000, 16 or 2.5 the way Number() and a number input would.
 */
export function wholeNumberFromText(text: unknown): number {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string') return Number.NaN;
  const digits = text.trim();
  return /^[0-9]+$/.test(digits) ? Number(digits) : Number.NaN;
}
