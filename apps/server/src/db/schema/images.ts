import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { textLengthChecks } from '../text-columns.ts';
import { belongsTo, bytea, createdAt, randomId } from './columns.ts';
import { authUsers } from './identity.ts';
import { tools } from './catalogue.ts';

/** Uploaded pictures, re-encoded to WebP; kept in the database so every instance can serve them. */
export const images = pgTable('images', {
  id: randomId(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: text('uploaded_by').references(() => authUsers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** A picture of a tool's gallery (issue 40, item 4; decision 054): its place, its words, and its six drawings in `images`. */
const drawing = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => images.id);
export const toolPictures = pgTable(
  'tool_pictures',
  {
    id: randomId(),
    toolId: belongsTo(uuid('tool_id'), () => tools.id),
    /** 0 first: the first is the tool's img. */
    position: integer('position').notNull(),
    alt: text('alt').notNull(),
    originalType: text('original_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
    cardWebp: drawing('card_webp_id'),
    cardOriginal: drawing('card_original_id'),
    pageWebp: drawing('page_webp_id'),
    pageOriginal: drawing('page_original_id'),
    zoomWebp: drawing('zoom_webp_id'),
    zoomOriginal: drawing('zoom_original_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('tool_pictures_tool_position_idx').on(table.toolId, table.position),
    ...textLengthChecks('tool_pictures'),
    check('tool_pictures_original_type', sql`${table.originalType} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);
