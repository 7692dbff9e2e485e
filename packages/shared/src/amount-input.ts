import { z } from 'zod';
import { formatMoney, hasWholeCents } from './money.ts';

/**
 * An amount of money a person types in the shop's currency, units and cents (a delivery charge, a coupon's amount, a
 * minimum subtotal): a number with at most two decimals, inside its bounds. The shop keeps it as
 * whole cents; a third decimal would be a cent the shop cannot charge, so it is refused in words
 * rather than rounded away unseen.
 */
export function amountInputSchema(label: string, { min, max, minMessage }: { min: number; max: number; minMessage?: string }) {
  return z
    .number({ error: `${label} must be an amount such as 4.90` })
    // The amounts are written when a value is refused, in the shop's currency (money.ts), not when the schema is made.
    .min(min, { error: () => minMessage ?? `${label} must be at least ${formatMoney(min)}` })
    .max(max, { error: () => `${label} can be at most ${formatMoney(max)}` })
    .refine(hasWholeCents, `${label} can have at most two decimals (cents)`);
}

/**
 * What a form's amount field holds, for amountInputSchema: empty is no amount (null: an optional
 * limit left out), digits with a point are the amount, anything else (4,90, 1e3) is NaN, which the
 * schema refuses in words instead of guessing.
 */
export function amountFromText(text: unknown): number | null {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string' || text.trim() === '') return null;
  return /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}
