import { SHOP_YEARS } from '@voltline/shared/shop-dates';

/**
 * The database's refusal of a value a request brought (PostgreSQL's class 22, data exception): a
 * date it does not keep, a number too large for its type, a text too long for its column or with a
 * character it cannot hold. The schemas refuse these first (issue 36: a date of year 0000 answered
 * 500); one that still reaches the database is the request's fault, answered 400 in these words.
 * Class 22's other codes, such as a division by zero, are the shop's own mistakes and stay 500.
 */
const DATE_WORDS = `A date in this request is not one the shop can keep: give dates in the years ${SHOP_YEARS.first} to ${SHOP_YEARS.last}, in UTC.`;

const WORDS_BY_SQLSTATE: Readonly<Record<string, string>> = {
  // invalid_datetime_format, datetime_field_overflow, invalid_time_zone_displacement_value
  // (+010000-01-01T00:00:00Z, a year past 9999 as JavaScript writes it)
  '22007': DATE_WORDS,
  '22008': DATE_WORDS,
  '22009': DATE_WORDS,
  // numeric_value_out_of_range
  '22003': 'A number in this request is too large for the shop to keep.',
  // string_data_right_truncation
  '22001': 'A text in this request is too long for the shop to keep.',
  // invalid_text_representation
  '22P02': 'A value in this request is not of the kind the shop keeps there (such as text where a number belongs).',
  // character_not_in_repertoire (U+0000)
  '22021': 'A text in this request holds a character the shop cannot keep.',
};

/**
 * The words for a database error that refused a request's value; undefined for any other error.
 * Drizzle wraps the driver's error (node-postgres' and PGlite's alike) in its own `cause`.
 */
export function refusedValueWords(error: unknown): string | undefined {
  for (let current = error, depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    // Both drivers report the server's severity beside its code; other errors' codes are not SQLSTATEs.
    if (typeof code === 'string' && typeof severity === 'string' && Object.hasOwn(WORDS_BY_SQLSTATE, code)) return WORDS_BY_SQLSTATE[code];
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
