import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { VAT_TREATMENTS, type VatTreatment } from '@voltline/shared/order-figures';
import type { DocumentFigures } from '@voltline/shared/document-figures';
import { textLengthChecks } from '../text-columns.ts';
import { bytea, randomId, requiredReference } from './columns.ts';
import { orders } from './orders.ts';

/**
 * The last number issued of each kind of document. Invoices and credit notes take the next one
 * in the transaction that pays or refunds the order (invoices/invoice-register.ts): the row lock
 * makes concurrent payments wait their turn, and a transaction that rolls back takes its number
 * back with it, so numbers never repeat and never skip (a database sequence can skip).
 */
export const documentCounters = pgTable('document_counters', {
  kind: text('kind', { enum: ['invoice', 'credit_note'] }).primaryKey(),
  value: integer('value').notNull(),
});

/**
 * What an invoice or credit note shows, copied when it is issued: the shop's legal details, the
 * buyer and the line as they were then. The same document renders the same PDF for ever, whatever
 * later happens to the tool, the buyer's profile or the shop's settings.
 */
const issuedDocument = () => ({
  id: randomId(),
  /** The number as printed, prefix included (INV-000042). */
  number: text('number').notNull().unique(),
  /** The counter value behind the number: gapless per kind. */
  sequence: integer('sequence').notNull().unique(),
  orderId: requiredReference(uuid('order_id'), () => orders.id),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  sellerName: text('seller_name').notNull(),
  sellerAddress: text('seller_address').notNull(),
  sellerTaxId: text('seller_tax_id').notNull(),
  /** SHOP_VAT_NOTE as it was at issue: printed when the shop charges no VAT. Empty on documents issued before (0027). */
  sellerVatNote: text('seller_vat_note').notNull().default(''),
  buyerName: text('buyer_name').notNull(),
  buyerEmail: text('buyer_email').notNull(),
  buyerPhone: text('buyer_phone').notNull(),
  buyerAddress: text('buyer_address').notNull(),
  product: text('product').notNull(),
  quantity: integer('quantity').notNull(),
  /** Cents, as the order holds them. */
  unitPriceCents: integer('unit_price_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  paymentMethod: text('payment_method').notNull(),
  transactionId: text('transaction_id').notNull(),
  /**
   * Every figure art. 226 of the VAT Directive asks for (issue 29, decision 038): the lines with their
   * discount, rate, net and VAT, the delivery as a line, VAT per rate, the treatment and the buyer's
   * VAT id; on a credit note, what it credits per rate. Null on documents issued before migration
   * 0027: they print as they were issued.
   */
  figures: jsonb('figures').$type<DocumentFigures>(),
  /**
   * The PDF, drawn from the columns above at its first download or mail and kept: drawing costs the
   * server tens of milliseconds a time, the bytes never change, and every instance reads them here.
   * Null until then (and for documents issued before the shop kept them).
   */
  pdf: bytea('pdf'),
});

/** One invoice per paid order, issued when the payment is accepted. */
export const invoices = pgTable(
  'invoices',
  { ...issuedDocument(), orderId: uuid('order_id').notNull().unique().references(() => orders.id) },
  () => textLengthChecks('invoices'),
);

/** One per refund (full or partial), referring to the order's invoice. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    ...issuedDocument(),
    invoiceId: requiredReference(uuid('invoice_id'), () => invoices.id),
    /** The invoice's number as printed on the credit note. */
    invoiceNumber: text('invoice_number').notNull(),
    /** Cents given back by this refund. */
    amountCents: integer('amount_cents').notNull(),
    /** All refunds of the order so far, this one included, in cents. */
    refundedSoFarCents: integer('refunded_so_far_cents').notNull(),
    reason: text('reason').notNull(),
  },
  (table) => [
    check('credit_notes_amount_positive', sql`${table.amountCents} > 0`),
    index('credit_notes_order_id_idx').on(table.orderId, table.sequence),
    ...textLengthChecks('credit_notes'),
  ],
);

/**
 * The VAT of each day's invoices and credit notes, per treatment and rate (issue 29, decision 038):
 * written in the transaction that pays or refunds the order, with the document, so the accountant's
 * month (GET /api/admin/vat-report) adds up some thirty rows at any size of shop. The day is the
 * document's issue day in UTC; rates in hundredths of a percent.
 */
export const vatDayTotals = pgTable(
  'vat_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    treatment: text('treatment', { enum: VAT_TREATMENTS }).$type<VatTreatment>().notNull(),
    rateHundredths: integer('rate_hundredths').notNull(),
    invoicedNetCents: bigint('invoiced_net_cents', { mode: 'number' }).notNull().default(0),
    invoicedVatCents: bigint('invoiced_vat_cents', { mode: 'number' }).notNull().default(0),
    creditedNetCents: bigint('credited_net_cents', { mode: 'number' }).notNull().default(0),
    creditedVatCents: bigint('credited_vat_cents', { mode: 'number' }).notNull().default(0),
    /** Documents that carried this rate on this day. */
    invoices: integer('invoices').notNull().default(0),
    creditNotes: integer('credit_notes').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.treatment, table.rateHundredths] })],
);

/**
 * The admin overview's days (decision 038): what the orders paid that day brought in, less what was
 * later refunded of them, written in the payment's and the refund's transaction; and how many orders
 * were placed that day, counted once the day is over (a day's count never changes after it, and
 * placing an order stays free of a shared row every order would queue on).
 */
export const shopDayTotals = pgTable('shop_day_totals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
  /** Refunds of the orders paid that day, whenever they were given. */
  refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  /** Orders placed that day; null until counted, which happens the first time the overview shows the day after it ended. */
  placedOrders: integer('placed_orders'),
});
