import type { FieldValues } from 'react-hook-form';
import { SHOP_YEARS } from '@voltline/shared/shop-dates';
import { wholeNumberFromText } from '@voltline/shared/whole-number';

/** An optional whole-number field (most uses): empty is no limit. */
export const optionalWholeNumberFromText = (text: unknown) => (text === '' || text == null ? null : wholeNumberFromText(text));

const pad = (value: number) => String(value).padStart(2, '0');

/** A stored moment as a datetime-local field shows it: the admin's own clock, to the minute. */
export function localDateTimeText(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local field's picker offers the shop's years only; the schema says why past them. */
export const MOMENT_FIELD_BOUNDS = { min: `${SHOP_YEARS.first}-01-01T00:00`, max: `${SHOP_YEARS.last}-12-31T23:59` } as const;

/** What a datetime-local field holds, as the API takes it: empty is none; the admin's local time becomes an ISO moment. */
function momentFromLocalText(text: unknown): string | null {
  if (typeof text !== 'string' || text === '') return null;
  const time = Date.parse(text);
  // Not a moment: left as typed, so the schema refuses it in words.
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

/**
 * The datetime-local fields named, read as moments before the shared schema checks them (useZodForm's
 * `readFirst`): a field's text is what the admin sees (their clock), the schema and the API take an ISO moment.
 */
export function readMoments<Values extends FieldValues>(...momentFields: (keyof Values & string)[]): (values: Values) => Values {
  return (values) => {
    const read = { ...values };
    for (const field of momentFields) (read as Record<string, unknown>)[field] = momentFromLocalText(values[field]);
    return read;
  };
}
