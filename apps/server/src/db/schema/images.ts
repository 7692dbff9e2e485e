import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';
import { authUsers } from './identity.ts';

/** Uploaded pictures, re-encoded to WebP; kept in the database so every instance can serve them. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: text('uploaded_by').references(() => authUsers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
