import { z } from 'zod';
import { shopMonth } from './shop-dates.ts';

/*
 * The accountant's month (issue 29, decision 038): GET /api/admin/vat-report?month=YYYY-MM, a CSV of
 * the month's invoices less its credit notes, per VAT treatment and rate.
 */

export const vatReportQuerySchema = z.object({ month: shopMonth('Month') });

/** Where the month's report downloads from, under the API's /api. */
export const vatReportPath = (month: string) => `/admin/vat-report?month=${encodeURIComponent(month)}`;

/** The month a date falls in (UTC, as the shop's days are kept), as the report takes it. */
export const monthOf = (date: Date) => date.toISOString().slice(0, 7);
