import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, primaryKey, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListPicture } from '@voltline/shared/tool-pictures';
import { textLengthChecks } from '../text-columns.ts';
import { belongsTo, createdAt, randomId } from './columns.ts';

export const tools = pgTable(
  'tools',
  {
    id: randomId(),
    toolName: text('tool_name').notNull().unique(),
    description: text('description').notNull(),
    img: text('img').notNull(),
    /** Cents per unit (decision 035: money is integer cents inside the shop). */
    priceCents: integer('price_cents').notNull(),
    minimumOrderQuantity: integer('minimum_order_quantity').notNull(),
    /** Physical stock: lowered when an order ships. */
    availableQuantity: integer('available_quantity').notNull(),
    /**
     * Units of paid orders not yet shipped. Only the order lifecycle (orders/lifecycle/) moves it: up when a payment is
     * accepted (only while stock - promised covers the order), down when such an order ships, is
     * refunded in full or cancelled. Customers can order available - promised.
     */
    promisedQuantity: integer('promised_quantity').notNull().default(0),
    /** Its own VAT rate in hundredths of a percent (550: 5.5 %); null: the shop's standard rate (issue 29). */
    vatRateHundredths: integer('vat_rate_hundredths'),
    /** Each unit carries its maker's serial number: shipping one needs a serial per unit (issue 38). */
    serialised: boolean('serialised').notNull().default(false),
    /** The tool's warranty in months; null: the shop's WARRANTY_MONTHS. */
    warrantyMonths: integer('warranty_months'),
    /** The shop's own code for the tool (issue 40); null: none. Unique, whatever its case. */
    sku: text('sku'),
    /** Its EAN/GTIN's digits, check digit verified by the schema (tool-codes.ts); null: none. Unique. */
    gtin: text('gtin'),
    /** Its place in the catalogue's tree (issue 40); null: in no category, as every tool of the spec's API. */
    categoryId: uuid('category_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    /**
     * The srcsets of the gallery's first picture (card and page drawings) and the img they draw,
     * written with the img by the gallery (images/tool-gallery.ts), so every list answers them from
     * the tool's own row. Answered only while `img` is still that picture: the tool's form may set
     * another address. Null: the tool has never had a gallery picture. The shop's own addresses only.
     */
    pictureSrcset: jsonb('picture_srcset').$type<ListPicture & { img: string }>(),
    createdAt: createdAt(),
  },
  (table) => [
    check('tools_price_positive', sql`${table.priceCents} > 0`),
    check('tools_minimum_positive', sql`${table.minimumOrderQuantity} >= 1`),
    // Stock never goes below zero, whatever a request does: the database refuses it.
    check('tools_stock_not_negative', sql`${table.availableQuantity} >= 0`),
    // Not also "<= available": a shop that oversold before promises existed, or an admin counting
    // breakage, can hold less than is promised. New payments still never promise past the stock.
    check('tools_promised_not_negative', sql`${table.promisedQuantity} >= 0`),
    check('tools_vat_rate_percent', sql`${table.vatRateHundredths} between 0 and 10000`),
    check('tools_warranty_months', sql`${table.warrantyMonths} between 0 and 1200`),
    ...textLengthChecks('tools'),
    check('tools_gtin_digits', sql`${table.gtin} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    // Unique when given, whatever the case of a SKU's letters; text_pattern_ops so that a search's
    // SKU prefix (lower(sku) like 'q%', tool-search.ts) reads the same index.
    uniqueIndex('tools_sku_unique_idx').using('btree', sql`lower(${table.sku}) text_pattern_ops`).where(sql`${table.sku} is not null`),
    uniqueIndex('tools_gtin_unique_idx').on(table.gtin).where(sql`${table.gtin} is not null`),
    // Each catalogue sort pages on (key, id): see catalogue-service.ts.
    index('tools_created_at_id_idx').on(table.createdAt, table.id),
    index('tools_price_id_idx').on(table.priceCents, table.id),
    index('tools_name_lower_id_idx').on(sql`lower(${table.toolName})`, table.id),
    // A search (the name's words, and near words, decision 047) that few tools match is found through
    // trigrams instead of walking a sort's index to its end (issue 28; decision 028 does the same for orders).
    index('tools_name_trgm_idx').using('gin', sql`lower(${table.toolName}) gin_trgm_ops`),
    // A category page's tools (and the refusal to delete a category that has some).
    index('tools_category_price_id_idx').on(table.categoryId, table.priceCents, table.id),
    // The overview's low stock: only the tools below their minimum, the furthest below first.
    index('tools_low_stock_idx')
      .on(sql`(${table.minimumOrderQuantity} - ${table.availableQuantity}) desc`, table.toolName, table.id)
      .where(sql`${table.availableQuantity} < ${table.minimumOrderQuantity}`),
  ],
);

/**
 * Back-in-stock alerts (issue 37, item 4; decision 045): an email that asked to hear once when a
 * tool can be ordered again. Open while mailed_at is null: at most one per email and tool. The
 * lifecycle closes a tool's open alerts and writes their mail in the transaction of the change that
 * makes the tool orderable again; closed alerts are deleted STOCK_ALERT_KEEP_DAYS after their mail
 * (stock-alerts/stock-alerts-service.ts), and an unsubscribe deletes all of an email's at once.
 * Emails are stored lower-cased, so one address is one address whatever its case. A deleted tool
 * takes its alerts with it.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: randomId(),
    toolId: belongsTo(uuid('tool_id'), () => tools.id),
    email: text('email').notNull(),
    createdAt: createdAt(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    check('stock_alerts_email_lower', sql`${table.email} = lower(${table.email})`),
    ...textLengthChecks('stock_alerts'),
    // One open alert per email and tool; it also finds a tool's open alerts (and counts them) by its first column.
    uniqueIndex('stock_alerts_open_tool_email_idx').on(table.toolId, table.email).where(sql`${table.mailedAt} is null`),
    // An unsubscribe and the GDPR export or erasure (issue 41) find an email's alerts.
    index('stock_alerts_email_idx').on(table.email),
    // The hourly purge finds the closed alerts past their time.
    index('stock_alerts_mailed_at_idx').on(table.mailedAt).where(sql`${table.mailedAt} is not null`),
  ],
);

/**
 * The catalogue's tree (issue 40, decision 049): at most three levels, checked by the categories
 * service under a lock of this table, since a move changes the depth of a whole branch. The slug
 * names the public page /tools/c/{slug}. A parent with children cannot go (restrict); the foreign
 * key waits for the end of the transaction, so a shop's export restores rows in any order.
 */
export const categories = pgTable(
  'categories',
  {
    id: randomId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [
    check('categories_slug_form', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('categories_not_own_parent', sql`${table.parentId} <> ${table.id}`),
    ...textLengthChecks('categories'),
    index('categories_parent_idx').on(table.parentId),
  ],
);

/**
 * What a category asks of its tools (issue 40, item 2): a number with its unit, a choice from a
 * list, or yes/no. A tool fills those of its category and of the categories above it.
 */
export const categoryAttributes = pgTable(
  'category_attributes',
  {
    id: randomId(),
    categoryId: belongsTo(uuid('category_id'), () => categories.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['number', 'choice', 'yesno'] }).notNull(),
    /** A number's unit (V, Nm, kg); null for the other kinds. */
    unit: text('unit'),
    /** A choice's list, in the order shown; empty for the other kinds. */
    choices: text('choices').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    check('category_attributes_kind', sql`${table.kind} in ('number', 'choice', 'yesno')`),
    // Each choice is bounded by the shared schema; the database bounds the list as a whole.
    check('category_attributes_choices_bounded', sql`cardinality(${table.choices}) <= 40 and char_length(array_to_string(${table.choices}, '|')) <= 2000`),
    ...textLengthChecks('category_attributes'),
    uniqueIndex('category_attributes_category_name_idx').on(table.categoryId, sql`lower(${table.name})`),
  ],
);

/**
 * A tool's specification values, one row per attribute, in the column of the attribute's kind. The
 * indexes serve the search's filters and facet counts: per attribute, by value, to the tool.
 */
export const toolSpecifications = pgTable(
  'tool_specifications',
  {
    toolId: belongsTo(uuid('tool_id'), () => tools.id),
    attributeId: belongsTo(uuid('attribute_id'), () => categoryAttributes.id),
    numberValue: doublePrecision('number_value'),
    choiceValue: text('choice_value'),
    yesNoValue: boolean('yes_no_value'),
  },
  (table) => [
    primaryKey({ columns: [table.toolId, table.attributeId] }),
    check('tool_specifications_one_value', sql`num_nonnulls(${table.numberValue}, ${table.choiceValue}, ${table.yesNoValue}) = 1`),
    ...textLengthChecks('tool_specifications'),
    index('tool_specifications_number_idx').on(table.attributeId, table.numberValue, table.toolId),
    index('tool_specifications_choice_idx').on(table.attributeId, table.choiceValue, table.toolId),
    index('tool_specifications_yes_no_idx').on(table.attributeId, table.yesNoValue, table.toolId),
  ],
);
