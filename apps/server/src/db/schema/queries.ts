import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { textLengthChecks } from '../text-columns.ts';
import { createdAt, randomId } from './columns.ts';

/**
 * What visitors ask with the home page's "Ask us anything" form, for the admins' Queries inbox.
 * A query is open until an admin marks it answered; who did and when is kept with it.
 */
export const queries = pgTable(
  'queries',
  {
    id: randomId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    role: text('role').notNull(),
    /** Empty when the visitor asked nothing in words (the form's question is optional). */
    query: text('query').notNull().default(''),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** A copy of the admin's email: the record still says who it was if that account goes. */
    answeredBy: text('answered_by'),
  },
  (table) => [
    // The inbox, newest first, paged on (created_at, id): all queries, and the open ones alone, which
    // stay few while answered ones pile up (the answered filter reads the first index).
    index('queries_created_id_idx').on(table.createdAt, table.id),
    index('queries_open_created_id_idx').on(table.createdAt, table.id).where(sql`${table.answeredAt} is null`),
    // A person's own queries, found by their email whatever its case (issue 41: their data, its export and erasure).
    index('queries_email_id_idx').on(sql`lower(${table.email})`, table.id),
    ...textLengthChecks('queries'),
  ],
);
