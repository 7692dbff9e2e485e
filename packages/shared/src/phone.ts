import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/**
 * A phone number as people write it: digits with an optional leading +, spaces, brackets and
 * dashes ("+44 20 7946 0958"). The one rule for the profile's phone and an order's, so a number the
 * profile keeps is never refused at the purchase.
 */
export const phoneSchema = text()
  .trim()
  .min(1, 'Phone is required')
  .max(TEXT_LIMITS.phone, tooLongMessage('Phone', TEXT_LIMITS.phone))
  .regex(/^\+?[0-9][0-9 ()-]{4,28}$/, 'Phone must be a phone number');
