import { z } from 'zod';
import { text } from './text.ts';
import { checkVatId } from './vat-id.ts';

/**
 * A buyer's VAT id, for the checkout's routes and form: empty means none (a consumer); anything
 * else must be in its member state's format with its check digits, and comes out normalised
 * ("DE113866163"). The refusal is the one `checkVatId` words.
 */
export const vatIdSchema = text()
  .max(40, 'That VAT id is too long.')
  .transform((value, context) => {
    if (value.trim() === '') return undefined;
    const check = checkVatId(value);
    if (check.ok) return check.vatId;
    context.addIssue({ code: 'custom', message: check.message });
    return z.NEVER;
  });
