import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { textLengthChecks } from '../text-columns.ts';
import { randomId } from './columns.ts';

/**
 * Each account erased (issue 41, item 2; decision 061), by its owner or by an admin for a request
 * received by mail: who, when, which request, and until when the tax records it left are kept.
 * It holds nothing of the person erased: their orders point at it (orders.erasure_id).
 */
export const accountErasures = pgTable(
  'account_erasures',
  {
    id: randomId(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
    /** The admin who ran it, null when the customer deleted their own account. */
    byUserId: text('by_user_id'),
    /** A copy: the record still says who it was if that account goes. */
    byEmail: text('by_email'),
    /** The admin's reference of the request received by mail (its date, a ticket number). */
    request: text('request'),
    reviewsKept: integer('reviews_kept').notNull(),
    /**
     * Until when the issued invoices and credit notes of the person's orders keep the buyer's name,
     * address and VAT id (the last one's issue plus TAX_RECORD_YEARS); null when none was issued.
     */
    taxRecordsUntil: timestamp('tax_records_until', { withTimezone: true }),
    /** When the retention job cleared those too. */
    taxRecordsClearedAt: timestamp('tax_records_cleared_at', { withTimezone: true }),
  },
  (table) => [
    check('account_erasures_admin_names_request', sql`(${table.byUserId} is null) = (${table.request} is null)`),
    // The retention job's hourly look: only the erasures whose documents still wait for their time.
    index('account_erasures_tax_records_due_idx').on(table.taxRecordsUntil).where(sql`${table.taxRecordsUntil} is not null and ${table.taxRecordsClearedAt} is null`),
    ...textLengthChecks('account_erasures'),
  ],
);
