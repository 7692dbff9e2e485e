import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { textLengthChecks } from '../text-columns.ts';
import { createdAt, randomId } from './columns.ts';
import { authUsers } from './identity.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: randomId(),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    review: text('review').notNull(),
    reviewDate: text('review_date').notNull(),
    reviewTime: text('review_time').notNull(),
    rating: integer('rating').notNull(),
    photo: text('photo'),
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When the author last changed the text or the rating (PATCH /review/{id}); null if never. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * An admin's removal (DELETE /review/{id}) hides the review and keeps it, with who removed it
     * and when, so a moderation can be looked back on. Hidden reviews leave the list, count and average.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedByUserId: text('removed_by_user_id'),
    /** A copy: the record still says who it was if that account goes. */
    removedByEmail: text('removed_by_email'),
  },
  (table) => [
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    ...textLengthChecks('reviews'),
    index('reviews_created_at_id_idx').on(table.createdAt, table.id),
    // The author's own reviews (GET /review/mine), newest first.
    index('reviews_user_created_at_id_idx').on(table.userId, table.createdAt, table.id),
  ],
);
