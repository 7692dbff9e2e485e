import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { textLengthChecks } from '../text-columns.ts';
import { authUsers } from './identity.ts';
import { belongsTo, randomId } from './columns.ts';

/**
 * A customer's business account (issue 39, decision 055): one per customer, applied for with the
 * company's name, VAT id and billing address, then approved or refused by an admin. Emails of the
 * customer and of the deciding admin are copies, as elsewhere: they still say who if an account goes.
 */
export const businessAccounts = pgTable(
  'business_accounts',
  {
    id: randomId(),
    customerId: belongsTo(text('customer_id'), () => authUsers.id),
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    /** Normalised (vat-id.ts): "DE113866163". */
    vatId: text('vat_id').notNull(),
    billingStreet: text('billing_street').notNull(),
    billingPostcode: text('billing_postcode').notNull(),
    billingCity: text('billing_city').notNull(),
    billingCountry: text('billing_country').notNull(),
    note: text('note'),
    state: text('state', { enum: ['pending', 'approved', 'refused'] }).notNull().default('pending'),
    refusalReason: text('refusal_reason'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    /** An admin confirmed the VAT id by hand (who, when, why): reverse charge without a recent VIES check. */
    vatConfirmedBy: text('vat_confirmed_by'),
    vatConfirmedAt: timestamp('vat_confirmed_at', { withTimezone: true }),
    vatConfirmedReason: text('vat_confirmed_reason'),
    /**
     * Payment terms (issue 39, decision 060): an order on account is due this many days after it is
     * placed, and the company's open orders on account never pass the credit limit. A limit of 0:
     * the company pays by card only.
     */
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    creditLimitCents: integer('credit_limit_cents').notNull().default(0),
  },
  (table) => [
    // Checkout reads a customer's account with every order: one lookup on this index.
    uniqueIndex('business_accounts_customer_idx').on(table.customerId),
    // The Trade accounts page, newest application first, a page at a time (keyset on applied_at, id).
    index('business_accounts_applied_idx').on(table.appliedAt, table.id),
    // Its search: a part of the company, VAT id or email, through trigrams (decision 028).
    index('business_accounts_search_trgm_idx').using('gin', sql`lower(${table.companyName} || E'\\n' || ${table.vatId} || E'\\n' || ${table.email}) gin_trgm_ops`),
    check('business_accounts_refusal_has_reason', sql`(${table.state} = 'refused') = (${table.refusalReason} is not null)`),
    check('business_accounts_confirmation_whole', sql`(${table.vatConfirmedAt} is null) = (${table.vatConfirmedBy} is null) and (${table.vatConfirmedAt} is null) = (${table.vatConfirmedReason} is null)`),
    check('business_accounts_payment_terms', sql`${table.paymentTermsDays} between 1 and 365 and ${table.creditLimitCents} >= 0`),
    ...textLengthChecks('business_accounts'),
  ],
);

/**
 * Every check of a VAT id with the checker (VIES, or the built-in one): when, what it said and its
 * consultation number. Never changed: reverse charge asks for a passing check within
 * VAT_CHECK_MAX_AGE_DAYS, and an order copies the one it relied on.
 */
export const vatChecks = pgTable(
  'vat_checks',
  {
    id: randomId(),
    vatId: text('vat_id').notNull(),
    result: text('result', { enum: ['valid', 'invalid', 'unavailable'] }).notNull(),
    consultationNumber: text('consultation_number'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // A checkout asks for an id's latest checks: one index range, newest first.
    index('vat_checks_vat_id_checked_idx').on(table.vatId, table.checkedAt),
    ...textLengthChecks('vat_checks'),
  ],
);
