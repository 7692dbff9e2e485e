import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { textLengthChecks } from '../text-columns.ts';
import { createdAt } from './columns.ts';

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
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
