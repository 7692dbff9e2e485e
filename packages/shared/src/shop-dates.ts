import { z } from 'zod';
import { text } from './text.ts';

/**
 * Every date the shop takes from outside (a coupon's validity, the delivery promotion's end, the
 * VAT report's month) falls in these years, counted in UTC: they hold every date a coupon, a
 * promotion or an accountant can mean. Issue 36: year 0000 (which PostgreSQL does not have) and
 * moments past 9999 (which JavaScript writes as +010000, which PostgreSQL does not read) passed the
 * schemas and answered 500.
 */
export const SHOP_YEARS = { first: 2000, last: 2100 } as const;

const inShopYears = (year: number) => year >= SHOP_YEARS.first && year <= SHOP_YEARS.last;

/** The one refusal of a date outside the shop's years, whichever field it is. */
const outsideShopYears = (label: string) => `${label} must be in the years ${SHOP_YEARS.first} to ${SHOP_YEARS.last}, in UTC`;

/**
 * A moment as ISO 8601 writes it with its offset (2026-12-31T23:59:00Z, 2026-12-31T23:59:00+01:00),
 * a real one (no February 30, no 24:00, no leap second), in the shop's years once its offset is
 * applied: 2100-12-31T23:59:59-14:00 is 2101 in UTC and refused.
 */
export const shopMoment = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time such as 2026-12-31T23:59:00Z` })
    .refine((moment) => inShopYears(new Date(moment).getUTCFullYear()), { error: outsideShopYears(label) })
    .meta({ description: `A moment in the years ${SHOP_YEARS.first} to ${SHOP_YEARS.last} (UTC), with its offset: 2026-12-31T23:59:00Z` });

/** A calendar month as an <input type="month"> writes it (2026-11), in the shop's years. */
export const shopMonth = (label: string) =>
  text()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: `${label} must be a year and month such as 2026-11` })
    .refine((month) => inShopYears(Number(month.slice(0, 4))), { error: outsideShopYears(label) })
    .meta({ description: `A month in the years ${SHOP_YEARS.first} to ${SHOP_YEARS.last}: 2026-11` });

/** Whether `day` (YYYY-MM-DD) is a day of the calendar: no February 30, no month 13. */
function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}

/** A calendar day as an <input type="date"> writes it (2026-11-28), a real one, in the shop's years. */
export const shopDay = (label: string) => {
  const notADay = `${label} must be a date such as 2026-11-28`;
  return text()
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: notADay, abort: true })
    .refine(isCalendarDay, { error: notADay, abort: true })
    .refine((day) => inShopYears(Number(day.slice(0, 4))), { error: outsideShopYears(label) })
    .meta({ description: `A day in the years ${SHOP_YEARS.first} to ${SHOP_YEARS.last} (UTC): 2026-11-28` });
};
