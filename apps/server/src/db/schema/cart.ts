import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { textLengthChecks } from '../text-columns.ts';
import { belongsTo, createdAt } from './columns.ts';
import { authUsers } from './identity.ts';

/**
 * A signed-in customer's cart, a row per tool (issue 28, docs/decisions/034). The line keeps the
 * tool's price when it was added, and its name and picture when last changed: the page says
 * when the price moved, and what the line was once the tool is deleted. No foreign key to the tool
 * for that reason; the account's deletion takes its cart with it. At most CART_MAX_LINES lines per
 * account (cart-service.ts); the primary key, led by the account, serves reading one cart.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: belongsTo(text('user_id'), () => authUsers.id),
    toolId: uuid('tool_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** Cents a unit cost when the line was added (a change of quantity keeps it). */
    addedUnitPriceCents: integer('added_unit_price_cents').notNull(),
    toolName: text('tool_name').notNull(),
    img: text('img').notNull(),
    addedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.toolId] }),
    check('cart_lines_quantity_bounds', sql`${table.quantity} between 1 and 10000000`),
    ...textLengthChecks('cart_lines'),
  ],
);
