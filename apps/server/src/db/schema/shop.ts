import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Facts about this installation, e.g. that the first-run seed has happened. */
export const shopState = pgTable('shop_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: createdAt(),
});
