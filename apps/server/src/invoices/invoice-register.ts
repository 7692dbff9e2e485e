import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { deliveryAddressLines, orderDeliveryAddress } from '@voltline/shared/delivery-address';
import { creditNoteFigures, invoiceFigures, type DocumentFigures } from '@voltline/shared/document-figures';
import type { InvoicingConfig } from '../config.ts';
import type { DbExecutor, DbTransaction } from '../db/client.ts';
import { creditNotes, documentCounters, invoices, orderLines, orders } from '../db/schema.ts';
import type { OrderRow } from '../orders/order-dto.ts';
import { addToVatDay } from './vat-day-totals.ts';
import { formatOrderNumber } from '@voltline/shared/order-number';

/** A document as it prints: its columns without the kept PDF (read only when it is sent). */
export type InvoiceRow = Omit<typeof invoices.$inferSelect, 'pdf'>;
export type CreditNoteRow = Omit<typeof creditNotes.$inferSelect, 'pdf'>;

/** The printed columns of a document table: its PDF takes tens of kilobytes (PGlite decodes one in about 10 ms). */
function printedColumns<Table extends typeof invoices | typeof creditNotes>(table: Table) {
  const { pdf: _pdf, ...printed } = getTableColumns(table);
  return printed as Omit<Table['_']['columns'], 'pdf'>;
}
const invoiceColumns = printedColumns(invoices);
const creditNoteColumns = printedColumns(creditNotes);
type DocumentKind = (typeof documentCounters.$inferSelect)['kind'];

/** INV-000042: six digits at least, so numbers sort as text until the millionth document. */
const documentNumber = (prefix: string, sequence: number) => `${prefix}${String(sequence).padStart(6, '0')}`;

/**
 * The buyer's address as the document prints it: an address given as fields a line each, its
 * country named (issue 36); one given as one text as it was written.
 */
function buyerAddressOf(order: OrderRow): string {
  const delivery = orderDeliveryAddress({ ...order, country: order.pricing?.country ?? null });
  return delivery ? deliveryAddressLines(delivery).join('\n') : order.address;
}

/** How the buyer paid, as the documents print it. */
const PAYMENT_METHODS = { builtin: 'Card (test payments)', stripe: 'Card (Stripe)' } as const;
const ON_ACCOUNT = 'Bank transfer (on account)';

/**
 * The shop's VAT note as its tax settings have it (pricing/tax-settings-service.ts), read in the
 * issuing transaction: an admin can change it on the Tax settings page.
 */
export interface VatNoteSource {
  readIn(tx: DbExecutor): Promise<{ vatNote: string }>;
}

/**
 * Issues the shop's numbered documents. Only the order lifecycle (orders/lifecycle/) calls the issuing functions, with
 * the transaction that pays or refunds the order: the document exists exactly when the payment or
 * refund does, and its number is taken from the counter row in that same transaction.
 */
export function createInvoiceRegister(settings: InvoicingConfig, provider: keyof typeof PAYMENT_METHODS, tax: VatNoteSource) {
  /**
   * The next number of a kind. The upsert locks the counter row until the transaction ends, so
   * concurrent payments (on any instance) take numbers one after another; a rollback returns the
   * number. Upsert rather than a row seeded by the migration: a migrated database stays empty, as
   * a shop import requires (db/transfer).
   */
  async function nextSequence(tx: DbTransaction, kind: DocumentKind): Promise<number> {
    const [counter] = await tx
      .insert(documentCounters)
      .values({ kind, value: 1 })
      .onConflictDoUpdate({ target: documentCounters.kind, set: { value: sql`${documentCounters.value} + 1` } })
      .returning({ value: documentCounters.value });
    return counter!.value;
  }

  /** The shop as a document names it at issue; the VAT note as the tax settings have it then, read in the issuing transaction. */
  const seller = async (tx: DbTransaction) => ({
    sellerName: settings.shopLegalName,
    sellerAddress: settings.shopAddress,
    sellerTaxId: settings.shopTaxId,
    sellerVatNote: (await tax.readIn(tx)).vatNote,
  });

  /** What the order's documents show of its money: its stored quote, or its price for an order placed before (decision 038). */
  async function figuresOf(tx: DbTransaction, order: OrderRow): Promise<DocumentFigures> {
    const lines = await tx
      .select({ product: orderLines.product, quantity: orderLines.quantity, unitPriceCents: orderLines.unitPriceCents, lineTotalCents: orderLines.lineTotalCents })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    return invoiceFigures(order.pricing, lines, order.priceCents);
  }

  return {
    /**
     * The invoice of an order just paid: the order's own copy of the buyer and its lines, its figures
     * (VAT per rate, added to the day's VAT totals in this transaction), as they are now. The order notes the invoice's number in the same transaction (so its lists answer it
     * without a join); both rows are returned, the order as it now reads.
     */
    async issueInvoice(tx: DbTransaction, order: OrderRow, issuedAt = new Date()): Promise<{ invoice: InvoiceRow; invoiced: OrderRow }> {
      const sequence = await nextSequence(tx, 'invoice');
      const number = documentNumber(settings.invoicePrefix, sequence);
      const figures: DocumentFigures = {
        ...(await figuresOf(tx, order)),
        // Only where there are: the figures of every other invoice stay as they were.
        ...(order.purchaseOrderNumber && { purchaseOrderNumber: order.purchaseOrderNumber }),
        // An order on account is invoiced when placed (decision 060): the invoice says by when and where to pay.
        ...(order.paymentDueOn && { onAccount: { dueOn: order.paymentDueOn, ...settings.bankAccount, paymentReference: number } }),
      };
      const [invoice] = await tx
        .insert(invoices)
        .values({
          number,
          sequence,
          orderId: order.id,
          issuedAt,
          ...(await seller(tx)),
          buyerName: order.buyer,
          buyerEmail: order.buyerEamil,
          buyerPhone: order.phone,
          buyerAddress: buyerAddressOf(order),
          product: order.product,
          quantity: order.quantity,
          unitPriceCents: order.unitPriceCents,
          totalCents: order.priceCents,
          paymentMethod: order.paymentDueOn ? ON_ACCOUNT : PAYMENT_METHODS[provider],
          transactionId: order.transactionId ?? '',
          figures,
        })
        .returning(invoiceColumns);
      await addToVatDay(tx, 'invoice', issuedAt, figures);
      const [invoiced] = await tx.update(orders).set({ invoiceNumber: invoice!.number }).where(eq(orders.id, order.id)).returning();
      return { invoice: invoice!, invoiced: invoiced! };
    },

    /**
     * A credit note for one refund of an invoiced order, copying the invoice's buyer and line, and
     * reversing each of the order's VAT rates in proportion to the amount (added to the day's VAT
     * totals in this transaction). Undefined when the order has no invoice (a payment refunded the moment it arrived, or one
     * made before the shop issued invoices): there is nothing to credit.
     */
    async issueCreditNote(
      tx: DbTransaction,
      order: OrderRow,
      refund: { amountCents: number; reason: string },
      issuedAt = new Date(),
    ): Promise<CreditNoteRow | undefined> {
      const [invoice] = await tx.select(invoiceColumns).from(invoices).where(eq(invoices.orderId, order.id));
      if (!invoice) return undefined;
      const sequence = await nextSequence(tx, 'credit_note');
      const { id: invoiceId, number: invoiceNumber, sequence: _invoiceSequence, issuedAt: _invoiced, ...copied } = invoice;
      // From the order, not the invoice's copy: an invoice issued before 0027 has none, and the figures are the same.
      const figures: DocumentFigures = {
        ...creditNoteFigures(await figuresOf(tx, order), refund.amountCents),
        // The buyer's purchase order, as on the invoice: their e-invoice is routed by it (BT-10, decision 068).
        ...(order.purchaseOrderNumber && { purchaseOrderNumber: order.purchaseOrderNumber }),
      };
      const [note] = await tx
        .insert(creditNotes)
        .values({
          ...copied,
          ...(await seller(tx)),
          number: documentNumber(settings.creditNotePrefix, sequence),
          sequence,
          issuedAt,
          invoiceId,
          invoiceNumber,
          amountCents: refund.amountCents,
          refundedSoFarCents: order.refundedCents,
          reason: refund.reason,
          figures,
        })
        .returning(creditNoteColumns);
      await addToVatDay(tx, 'credit_note', issuedAt, figures);
      return note!;
    },

    async invoiceOf(executor: DbExecutor, orderId: string): Promise<InvoiceRow | undefined> {
      const [invoice] = await executor.select(invoiceColumns).from(invoices).where(eq(invoices.orderId, orderId));
      return invoice;
    },

    /**
     * Keeps a document's PDF once drawn. Only a missing one is written: two instances drawing the same
     * document at once draw the same bytes, and a kept PDF is never replaced.
     */
    async keepPdf(executor: DbExecutor, kind: DocumentKind, id: string, pdf: Buffer): Promise<void> {
      const table = kind === 'invoice' ? invoices : creditNotes;
      await executor.update(table).set({ pdf }).where(and(eq(table.id, id), isNull(table.pdf)));
    },

    /** The order's credit notes, newest first. */
    creditNotesOf: (executor: DbExecutor, orderId: string): Promise<CreditNoteRow[]> =>
      executor.select(creditNoteColumns).from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(desc(creditNotes.sequence)),

    /** A document by its id, as a mail names it. */
    /** The ids of the documents of a buyer's orders whose PDF is not drawn yet. */
    async undrawnDocumentsOfBuyer(executor: DbExecutor, kind: DocumentKind, userId: string): Promise<string[]> {
      const table = kind === 'invoice' ? invoices : creditNotes;
      const rows = await executor
        .select({ id: table.id })
        .from(table)
        .where(and(isNull(table.pdf), inArray(table.orderId, executor.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)))));
      return rows.map((row) => row.id);
    },

    async documentById(executor: DbExecutor, kind: DocumentKind, id: string): Promise<InvoiceRow | CreditNoteRow | undefined> {
      const [row] =
        kind === 'invoice'
          ? await executor.select(invoiceColumns).from(invoices).where(eq(invoices.id, id))
          : await executor.select(creditNoteColumns).from(creditNotes).where(eq(creditNotes.id, id));
      return row;
    },

    /** The number people know a document's order by (VL-10042), as the document prints it. */
    async orderNumberOf(executor: DbExecutor, orderId: string): Promise<string> {
      const [order] = await executor.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
      if (!order) throw new Error(`The order ${orderId} of a document no longer exists.`);
      return formatOrderNumber(order.number);
    },

    /** A document's kept PDF, if it has been drawn. */
    async keptPdf(executor: DbExecutor, kind: DocumentKind, id: string): Promise<Buffer | undefined> {
      const table = kind === 'invoice' ? invoices : creditNotes;
      const [row] = await executor.select({ pdf: table.pdf }).from(table).where(eq(table.id, id));
      return row?.pdf ?? undefined;
    },
  };
}
export type InvoiceRegister = ReturnType<typeof createInvoiceRegister>;
