import { and, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { FORMER_CUSTOMER, forgetMeMessages } from '@voltline/shared/forget-me';
import { formatOrderNumber } from '@voltline/shared/order-number';
import { formatReturnNumber } from '@voltline/shared/returns';
import type { DbExecutor, DbTransaction } from '../../db/client.ts';
import { creditNotes, invoices, orderEvents, orders, returns } from '../../db/schema.ts';

/** The states of a return the shop is still working on: the customer may still be owed money or units. */
const RETURN_IN_PROGRESS = ['requested', 'authorised', 'received'] as const;

/**
 * Why a customer's account cannot be erased yet, in the shop's words, one reason per open order:
 * an order waiting for payment, paid and not yet shipped (in full), or with a return in progress.
 * The one place that says what "open" means for an erasure (decision 061); an order paid on account
 * and not yet settled joins here when the shop has one. The customer's orders are locked first, so
 * a payment, a shipment or a return cannot change the answer before the erasure commits.
 */
export async function openOrdersOfCustomer(tx: DbTransaction, userId: string): Promise<string[]> {
  const theirs = await tx
    .select({ number: orders.number, status: orders.status, delivery: orders.delivery, cancelledAt: orders.cancelledAt })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(orders.number)
    .for('update');
  const reasons = theirs.flatMap((order) => {
    if (order.cancelledAt) return [];
    const number = formatOrderNumber(order.number);
    if (order.status === 'unpaid') return [forgetMeMessages.waitingForPayment(number)];
    if (order.status === 'paid' && order.delivery !== 'shipped') return [forgetMeMessages.notShipped(number)];
    return [];
  });
  const returnsInProgress = await tx
    .select({ returnNumber: returns.number, orderNumber: orders.number })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(returns.userId, userId), inArray(returns.status, RETURN_IN_PROGRESS)))
    .orderBy(returns.number);
  return [...reasons, ...returnsInProgress.map((row) => forgetMeMessages.returnInProgress(formatOrderNumber(row.orderNumber), formatReturnNumber(row.returnNumber)))];
}

/**
 * An erased customer's orders keep what tax law asks of them (decision 061): the lines, the money
 * and the issued documents with the buyer's name, address and VAT id. Every other personal field
 * is cleared: the orders' buyer, email, phone and address, the buyer's own entries in their history
 * (and the comment their return's request quoted),
 * their returns' comments, and the documents' email and phone (each document's PDF, drawn and kept
 * before, still prints it as issued). The orders point at the erasure, whose retention clears the
 * rest when the tax records end. Answers when the last of their documents was issued.
 */
export async function forgetBuyer(tx: DbTransaction, userId: string, erasureId: string): Promise<{ lastDocumentAt: Date | null }> {
  const theirs = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  // Their own entries: who acted, and the comment a return's request quotes at the end of its detail.
  await tx
    .update(orderEvents)
    .set({ actorUserId: null, actorEmail: null, detail: sql`regexp_replace(${orderEvents.detail}, '; ".*"$', '')` })
    .where(and(inArray(orderEvents.orderId, theirs), eq(orderEvents.actorUserId, userId)));
  await tx.update(returns).set({ comment: '' }).where(and(eq(returns.userId, userId), ne(returns.comment, '')));
  let lastDocumentAt: Date | null = null;
  for (const table of [invoices, creditNotes]) {
    const [{ latest } = { latest: null }] = await tx.select({ latest: max(table.issuedAt) }).from(table).where(inArray(table.orderId, theirs));
    if (latest && (lastDocumentAt === null || latest > lastDocumentAt)) lastDocumentAt = latest;
    await tx.update(table).set({ buyerEmail: '', buyerPhone: '' }).where(inArray(table.orderId, theirs));
  }
  await tx
    .update(orders)
    .set({ buyer: FORMER_CUSTOMER, buyerEamil: '', phone: '', address: '', deliveryName: null, deliveryStreet: null, deliveryPostcode: null, deliveryCity: null, erasureId })
    .where(eq(orders.userId, userId));
  return { lastDocumentAt };
}

/**
 * The end of an erasure's tax records (TAX_RECORD_YEARS after its last document): its documents
 * lose the buyer's name, address and VAT id, and their kept PDF (drawn again, they name "a former
 * customer"); its orders' pricing loses the VAT id and the company. Answers the documents cleared.
 */
export async function clearTaxRecords(tx: DbExecutor, erasureId: string): Promise<number> {
  const erased = tx.select({ id: orders.id }).from(orders).where(eq(orders.erasureId, erasureId));
  const withoutBuyer = sql`coalesce(figures, '{}'::jsonb) || '{"buyerVatId": null, "buyerCompany": null, "vatIdEvidence": null}'::jsonb`;
  let cleared = 0;
  for (const table of [invoices, creditNotes]) {
    const rows = await tx
      .update(table)
      .set({ buyerName: FORMER_CUSTOMER, buyerAddress: '', figures: sql`case when ${table.figures} is null then null else ${withoutBuyer} end`, pdf: null })
      .where(inArray(table.orderId, erased))
      .returning({ id: table.id });
    cleared += rows.length;
  }
  await tx
    .update(orders)
    .set({ pricing: sql`${orders.pricing} || '{"vatId": null, "business": null, "vatIdEvidence": null}'::jsonb` })
    .where(and(eq(orders.erasureId, erasureId), sql`${orders.pricing} is not null`));
  return cleared;
}
