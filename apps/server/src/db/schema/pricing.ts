import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { textLengthChecks } from '../text-columns.ts';
import { createdAt, randomId, requiredReference } from './columns.ts';
import { authUsers } from './identity.ts';
import { orders } from './orders.ts';

/**
 * What delivery costs, per destination: a country's ISO code, or `*` for every country without a
 * rate of its own (the table always holds one: the admin's PUT refuses a table without it). A new
 * shop starts with a home rate and a world rate (pricing/delivery-settings-service.ts). Amounts in cents.
 */
export const deliveryRates = pgTable(
  'delivery_rates',
  {
    country: text('country').primaryKey(),
    chargeCents: integer('charge_cents').notNull(),
    /** From this subtotal of the goods, delivery there is free; null: never free. */
    freeFromCents: integer('free_from_cents'),
  },
  (table) => [
    check('delivery_rates_charge_not_negative', sql`${table.chargeCents} >= 0`),
    check('delivery_rates_free_from_positive', sql`${table.freeFromCents} > 0`),
    ...textLengthChecks('delivery_rates'),
  ],
);

/**
 * The banner's "10% discount on delivery charge": one row (the key is always true), on at 10% in a
 * new shop, which admins change or end. At most one delivery promotion exists, so at most one applies.
 */
export const deliveryPromotion = pgTable(
  'delivery_promotion',
  {
    id: boolean('id').primaryKey().default(true),
    percentOff: integer('percent_off').notNull(),
    active: boolean('active').notNull(),
    /** When it ends by itself; null: when an admin ends it. */
    until: timestamp('until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('delivery_promotion_one_row', sql`${table.id}`),
    check('delivery_promotion_percent_off', sql`${table.percentOff} between 1 and 100`),
  ],
);

/**
 * Coupon codes: a percent or an amount off the goods, exactly one. `uses` counts the uses paid for;
 * with the holds of unpaid orders still live (coupon_uses.held_until) they never pass `max_uses`:
 * a use is taken or kept with the coupon's row locked (pricing/coupon-uses.ts), so racing checkouts
 * and payments are counted one after another.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: randomId(),
    /** Upper case, so that the unique index makes codes unique whatever case they are typed in. */
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    minSubtotalCents: integer('min_subtotal_cents'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    /** Uses paid for; unpaid orders' holds are coupon_uses rows with held_until (decision 039). */
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
    /** A copy of the admin's email, as elsewhere: it still says who if that account goes. */
    createdBy: text('created_by').notNull(),
  },
  (table) => [
    uniqueIndex('coupons_code_idx').on(table.code),
    // The admins' list pages newest first on (created_at, id); a search by code prefix reads this
    // pattern index (LIKE 'SUM%' uses a btree only with text_pattern_ops under a non-C collation).
    index('coupons_created_id_idx').on(table.createdAt, table.id),
    index('coupons_code_prefix_idx').using('btree', table.code.op('text_pattern_ops')),
    check('coupons_code_upper_case', sql`${table.code} = upper(${table.code})`),
    check('coupons_one_discount', sql`(${table.percentOff} is null) <> (${table.amountOffCents} is null)`),
    check('coupons_percent_off', sql`${table.percentOff} between 1 and 100`),
    check('coupons_amount_off', sql`${table.amountOffCents} > 0`),
    check('coupons_uses_within_limit', sql`${table.uses} >= 0`),
    check('coupons_dates_in_order', sql`${table.validFrom} < ${table.validUntil}`),
    ...textLengthChecks('coupons'),
  ],
);

/**
 * One use of a coupon by a customer, so that uses per customer can be counted. The order it
 * belongs to is filled in by checkout; a use given back (an unpaid order cancelled or expired) is deleted.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: randomId(),
    couponId: requiredReference(uuid('coupon_id'), () => coupons.id),
    customerId: text('customer_id').references(() => authUsers.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id),
    createdAt: createdAt(),
    /**
     * Until when an unpaid order holds this use (COUPON_HOLD_MINUTES after it was placed); null once
     * its order is paid. A lapsed hold counts against nothing: its order takes a use again at payment
     * if one is free (decision 039).
     */
    heldUntil: timestamp('held_until', { withTimezone: true }),
  },
  (table) => [
    index('coupon_uses_coupon_customer_idx').on(table.couponId, table.customerId),
    // The holds of a code, counted with its paid uses whenever a use is taken.
    index('coupon_uses_holds_idx').on(table.couponId, table.heldUntil).where(sql`${table.heldUntil} is not null`),
  ],
);

/**
 * How the shop charges VAT (issue 43, item 7): one row, set by admins on the Tax settings page; the
 * environment's SHOP_COUNTRY, SHOP_VAT_RATE, SHOP_PRICES_INCLUDE_VAT and SHOP_VAT_NOTE fill it
 * when a shop starts without it (pricing/tax-settings-service.ts).
 */
export const taxSettings = pgTable(
  'tax_settings',
  {
    id: boolean('id').primaryKey().default(true),
    country: text('country').notNull(),
    standardRateHundredths: integer('standard_rate_hundredths').notNull(),
    pricesIncludeVat: boolean('prices_include_vat').notNull(),
    vatNote: text('vat_note').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('tax_settings_one_row', sql`${table.id}`),
    check('tax_settings_standard_rate', sql`${table.standardRateHundredths} between 0 and 10000`),
    ...textLengthChecks('tax_settings'),
  ],
);
