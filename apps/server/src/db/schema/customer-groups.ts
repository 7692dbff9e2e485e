import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { GroupToolPriceRule } from '@voltline/shared/customer-groups';
import { textLengthChecks } from '../text-columns.ts';
import { belongsTo, createdAt, keyedByOwner } from './columns.ts';
import { tools } from './catalogue.ts';
import { authUsers } from './identity.ts';

/**
 * Customer groups (issue 39, part 2; decision 059): retail and trade in every shop (the migration
 * adds them), and the admins' own. Which group a customer is in: pricing/group-prices.ts.
 */
export const customerGroups = pgTable(
  'customer_groups',
  {
    /** Lower case: retail, trade, schools. */
    key: text('key').primaryKey(),
    name: text('name').notNull(),
    /** Its customers see prices without VAT (trade): only how prices are shown, never what is charged. */
    displayPricesWithoutVat: boolean('display_prices_without_vat').notNull().default(false),
    createdAt: createdAt(),
  },
  () => [...textLengthChecks('customer_groups')],
);

/**
 * A group's price of one tool: its own price or a percent off the list price (or neither), volume
 * tiers (`[{ fromUnits, percentOffHundredths }]`, ascending) and its own minimum order quantity.
 * Without a row the group pays the list price at the tool's own minimum.
 */
export const groupToolPrices = pgTable(
  'group_tool_prices',
  {
    groupKey: belongsTo(text('group_key'), () => customerGroups.key),
    toolId: belongsTo(uuid('tool_id'), () => tools.id),
    priceCents: integer('price_cents'),
    percentOffHundredths: integer('percent_off_hundredths'),
    minimumOrderQuantity: integer('minimum_order_quantity'),
    tiers: jsonb('tiers').$type<GroupToolPriceRule['tiers']>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // An order reads its group's prices of its tools (one range of this key); the admins' page lists a group's prices by tool.
    primaryKey({ columns: [table.groupKey, table.toolId] }),
    // A tool's deletion cascades here.
    index('group_tool_prices_tool_idx').on(table.toolId),
    check('group_tool_prices_price_positive', sql`${table.priceCents} > 0`),
    check('group_tool_prices_percent_range', sql`${table.percentOffHundredths} between 1 and 9999`),
    check('group_tool_prices_price_or_percent', sql`${table.priceCents} is null or ${table.percentOffHundredths} is null`),
    check('group_tool_prices_minimum_positive', sql`${table.minimumOrderQuantity} > 0`),
  ],
);

/** A customer an admin put in a group other than their own (retail, or trade with an approved business account). */
export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    userId: keyedByOwner(text('user_id'), () => authUsers.id),
    groupKey: belongsTo(text('group_key'), () => customerGroups.key),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A group's members, a page at a time (keyset on user_id within the group); a group's count.
    index('customer_group_members_group_idx').on(table.groupKey, table.userId),
  ],
);
