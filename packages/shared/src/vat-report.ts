import { z } from 'zod';
import { text } from './text.ts';

/*
 * The accountant's month (issue 29, decision 038): GET /api/admin/vat-report?month=YYYY-MM, a CSV of
 * the month's invoices less its credit notes, per VAT treatment and rate.
 */

/** A calendar month as an <input type="month"> writes it: 2026-11. */
const reportMonthSchema = text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Choose a month, written as year and month such as 2026-11' });

export const vatReportQuerySchema = z.object({ month: reportMonthSchema });

/** Where the month's report downloads from, under the API's /api. */
export const vatReportPath = (month: string) => `/admin/vat-report?month=${encodeURIComponent(month)}`;

/** The month a date falls in (UTC, as the shop's days are kept), as the report takes it. */
export const monthOf = (date: Date) => date.toISOString().slice(0, 7);
