import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { formatCents, fromCents, toCents } from '@voltline/shared/money';
import { formatOrderNumber } from '@voltline/shared/order-number';
import { formatReturnNumber, returnMessages, type CreateReturn, type ReceiveReturn, type Return, type ReturnStatus, type ReturnWindow } from '@voltline/shared/returns';
import { warrantyUntil } from '@voltline/shared/shipments';
import { mayDo, type StaffRole } from '@voltline/shared/staff-roles';
import { clipText, TEXT_LIMITS } from '@voltline/shared/text-limits';
import type { DbExecutor, DbTransaction } from '../../db/client.ts';
import { orderEvents, orderLines, orders, returnLines, returns, returnSerials, shipmentLines, shipments, shippedSerials, tools } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import type { OrderRow } from '../order-dto.ts';
import { findOrder, type Actor, type LifecycleDeps } from './context.ts';
import { recordHistory } from './history.ts';
import { refundInTransaction } from './refund.ts';
import { shippedByTool } from './ship.ts';
import { moveStock, stockSettled } from './stock-moves.ts';
import { lockTools } from './units.ts';
import { recordAudit } from '../../audit/audit-log.ts';

/** How long a customer may withdraw and how long a tool's warranty runs (config.ts, decision 048). */
export interface ReturnTerms {
  withdrawalDays: number;
  deliveryDays: number;
  warrantyMonths: number;
}

type ReturnRow = typeof returns.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;
const returnNotFound = () => notFound('Return not found');

/**
 * The last moment of the withdrawal period: the end of the UTC day WITHDRAWAL_DAYS after the last
 * parcel's delivery (goods delivered in parts: the period runs from the last, art. 9(2)(b)), a parcel
 * nobody marked delivered taken as delivered DELIVERY_DAYS after it left; and the last day of the
 * warranty of each tool, from its first parcel. Null when nothing was shipped.
 */
export async function returnWindow(executor: DbExecutor, orderId: string, terms: ReturnTerms): Promise<ReturnWindow & { warrantyByTool: Map<string, string> }> {
  const parcels = await executor
    .select({ shippedAt: shipments.shippedAt, deliveredAt: shipments.deliveredAt })
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.shippedAt))
    .limit(1000);
  if (parcels.length === 0) return { withdrawalUntil: null, warrantyUntil: null, warrantyByTool: new Map() };
  const lastDelivery = Math.max(...parcels.map((parcel) => (parcel.deliveredAt ?? new Date(parcel.shippedAt.getTime() + terms.deliveryDays * DAY_MS)).getTime()));
  const day = new Date(lastDelivery);
  const endOfPeriod = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + terms.withdrawalDays + 1) - 1;
  const firstByTool = await executor
    .select({ toolId: shipmentLines.toolId, shippedAt: sql<Date>`min(${shipments.shippedAt})`.mapWith(shipments.shippedAt), months: tools.warrantyMonths })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .leftJoin(tools, eq(tools.id, shipmentLines.toolId))
    .where(eq(shipmentLines.orderId, orderId))
    .groupBy(shipmentLines.toolId, tools.warrantyMonths);
  const warrantyByTool = new Map(
    firstByTool.flatMap((row) => (row.toolId === null ? [] : [[row.toolId, warrantyUntil(new Date(row.shippedAt), row.months ?? terms.warrantyMonths)] as const])),
  );
  const latest = [...warrantyByTool.values()].sort().at(-1) ?? null;
  return { withdrawalUntil: new Date(endOfPeriod).toISOString(), warrantyUntil: latest, warrantyByTool };
}

/** The units of each tool of an order in returns not refused: what "shipped minus returned" subtracts. */
async function returnedByTool(tx: DbTransaction, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ toolId: returnLines.toolId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returnLines.orderId, orderId), ne(returns.status, 'refused')))
    .groupBy(returnLines.toolId);
  return new Map(rows.map((row) => [row.toolId, row.units]));
}

/** A return with its lines, serials and history, as the API, the mails and the webhooks tell it. */
export async function returnDto(executor: DbExecutor, row: ReturnRow, order: Pick<OrderRow, 'number' | 'buyerEamil'>): Promise<Return> {
  const [dto] = await returnDtos(executor, [{ row, order }]);
  return dto!;
}

/** A page of returns told as returnDto tells one, in three queries whatever the page's size (the lists' growth). */
export async function returnDtos(executor: DbExecutor, items: readonly { row: ReturnRow; order: Pick<OrderRow, 'number' | 'buyerEamil'> }[]): Promise<Return[]> {
  if (items.length === 0) return [];
  const ids = items.map((item) => item.row.id);
  const lines = await executor.select().from(returnLines).where(inArray(returnLines.returnId, ids)).orderBy(asc(returnLines.product), asc(returnLines.toolId));
  const serials = await executor.select().from(returnSerials).where(inArray(returnSerials.returnId, ids)).orderBy(asc(returnSerials.serialNumber));
  // A return's history rows are its order's rows of type `return` that name it (returnHistory).
  const events = await executor
    .select({ orderId: orderEvents.orderId, at: orderEvents.at, detail: orderEvents.detail })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, [...new Set(items.map((item) => item.row.orderId))]), eq(orderEvents.type, 'return')))
    .orderBy(asc(orderEvents.at));
  return items.map(({ row, order }) => {
    const marker = `return ${formatReturnNumber(row.number)} `;
    return {
      _id: row.id,
      returnNumber: formatReturnNumber(row.number),
      orderId: row.orderId,
      orderNumber: formatOrderNumber(order.number),
      buyerEmail: order.buyerEamil,
      status: row.status,
      reason: row.reason,
      comment: row.comment,
      instructions: row.instructions,
      refusalReason: row.refusalReason,
      refundedAmount: row.refundedCents === null ? null : fromCents(row.refundedCents),
      requestedAt: row.requestedAt.toISOString(),
      lines: lines
        .filter((line) => line.returnId === row.id)
        .map((line) => ({
          toolId: line.toolId,
          product: line.product,
          quantity: line.quantity,
          serialNumbers: serials.filter((serial) => serial.returnId === row.id && serial.toolId === line.toolId).map((serial) => serial.serialNumber),
          receivedQuantity: line.receivedQuantity,
          restocked: line.restocked,
        })),
      history: events
        .filter((event) => event.orderId === row.orderId && (event.detail ?? '').startsWith(marker))
        .map((event) => {
          const detail = event.detail ?? '';
          const status = /^return \S+ (requested|authorised|refused|received|refunded)/.exec(detail)?.[1] as ReturnStatus | undefined;
          return { status: status ?? 'requested', at: event.at.toISOString(), detail };
        }),
    };
  });
}

const contentsOf = (lines: readonly { product: string; quantity: number }[]) => lines.map((line) => `${line.quantity} x ${line.product}`).join(', ');

/** The return's history row: on its order's history, named by the return's number (returnDto reads them back). */
const returnHistory = (tx: DbTransaction, row: ReturnRow, actor: Actor, status: ReturnStatus, detail: string) =>
  recordHistory(tx, row.orderId, 'return', actor, clipText(`return ${formatReturnNumber(row.number)} ${status}: ${detail}`, TEXT_LIMITS.note));

/**
 * A return's change in the audit log (decision 065): by its id, its order's and its number, and its
 * state; the buyer's comment and the admin's words to the buyer stay on the return, which an erasure reaches.
 */
const auditReturn = (tx: DbTransaction, admin: Actor, was: ReturnRow, is: ReturnRow, extra: Record<string, unknown> = {}) =>
  recordAudit(tx, {
    actor: admin,
    kind: 'return',
    action: is.status,
    subject: is.id,
    before: { status: was.status },
    after: { status: is.status, orderId: is.orderId, number: formatReturnNumber(is.number), ...extra },
  });

/** The order, then the return, each locked for the change (tools first when stock moves: index.ts). */
async function lockedReturn(tx: DbTransaction, returnId: string): Promise<{ order: OrderRow; row: ReturnRow }> {
  const [peek] = await tx.select({ orderId: returns.orderId }).from(returns).where(eq(returns.id, returnId));
  if (!peek) throw returnNotFound();
  const [order] = await tx.select().from(orders).where(eq(orders.id, peek.orderId)).for('update');
  const [row] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
  return { order: order!, row: row! };
}

/**
 * POST /purchasedSingle/{id}/returns: the buyer sends units of a shipped order back. The order's
 * row is locked while the units are counted, so two requests for the same units at once wait for
 * each other and the second finds them returned (refused in words). A withdrawal only within its
 * period; any other reason while each tool's warranty runs. The return, its lines and serials, the
 * history row and the outbox's acknowledgement mail and `return.requested` webhook in one transaction.
 */
export const requestingReturn =
  (deps: LifecycleDeps) =>
  async (caller: NonNullable<Actor> & { roles: readonly StaffRole[] }, orderId: string, request: CreateReturn, now = new Date()): Promise<Return> => {
    const found = await findOrder(deps.db, orderId);
    // Staff who work returns may record one the buyer asked for by phone or mail; to anyone else the order does not exist.
    if (found.userId !== caller.userId && !mayDo(caller.roles, 'returns')) throw notFound('Order not found');
    return deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update');
      if (order!.shippedUnits === 0) throw new AppError('conflict', returnMessages.notShipped);
      const placed = await tx.select({ toolId: orderLines.toolId, product: orderLines.product }).from(orderLines).where(eq(orderLines.orderId, order!.id));
      const shipped = await shippedByTool(tx, order!.id);
      const returned = await returnedByTool(tx, order!.id);
      const window = await returnWindow(tx, order!.id, deps.returnTerms);
      if (request.reason === 'withdrawal' && now.toISOString() > window.withdrawalUntil!) {
        throw new AppError('conflict', returnMessages.withdrawalOver(window.withdrawalUntil!.slice(0, 10)));
      }
      const lines: { toolId: string; product: string; quantity: number; serials: string[] }[] = [];
      for (const asked of request.lines) {
        const line = placed.find((candidate) => candidate.toolId === asked.toolId);
        if (!line) throw new AppError('bad_request', returnMessages.notInOrder(asked.toolId));
        const left = (shipped.get(asked.toolId) ?? 0) - (returned.get(asked.toolId) ?? 0);
        if (asked.quantity > left) throw new AppError('conflict', returnMessages.moreThanShipped(line.product, Math.max(left, 0)));
        const until = window.warrantyByTool.get(asked.toolId);
        if (request.reason !== 'withdrawal' && until !== undefined && now.toISOString().slice(0, 10) > until) throw new AppError('conflict', returnMessages.warrantyOver(line.product, until));
        lines.push({ toolId: asked.toolId, product: line.product, quantity: asked.quantity, serials: await checkedSerials(tx, order!.id, asked, line.product) });
      }
      const [row] = await tx
        .insert(returns)
        .values({ orderId: order!.id, userId: order!.userId, reason: request.reason, comment: request.comment ?? '', requestedAt: sql`clock_timestamp()` })
        .returning();
      await tx.insert(returnLines).values(lines.map((line) => ({ returnId: row!.id, orderId: order!.id, toolId: line.toolId, product: line.product, quantity: line.quantity })));
      const serialRows = lines.flatMap((line) => line.serials.map((serialNumber) => ({ returnId: row!.id, orderId: order!.id, toolId: line.toolId, serialNumber })));
      if (serialRows.length > 0) await tx.insert(returnSerials).values(serialRows);
      await returnHistory(tx, row!, caller, 'requested', `${request.reason}; ${contentsOf(lines)}${request.comment ? `; "${request.comment}"` : ''}`);
      const dto = await returnDto(tx, row!, order!);
      await deps.notifier.returnChanged(tx, order!, dto, 'requested');
      return dto;
    });
  };

/**
 * The serials a return line names: units of that tool shipped in this order and in no other return
 * not refused, none twice; one per unit for a serialised tool. Under the order's lock.
 */
async function checkedSerials(tx: DbTransaction, orderId: string, asked: CreateReturn['lines'][number], product: string): Promise<string[]> {
  const serials = asked.serialNumbers ?? [];
  const [tool] = await tx.select({ serialised: tools.serialised }).from(tools).where(eq(tools.id, asked.toolId));
  if ((tool?.serialised && serials.length !== asked.quantity) || serials.length > asked.quantity) throw new AppError('bad_request', returnMessages.serialPerUnit(product, asked.quantity));
  const repeated = serials.find((serial, index) => serials.indexOf(serial) !== index);
  if (repeated !== undefined) throw new AppError('bad_request', returnMessages.repeatedSerial(repeated));
  if (serials.length === 0) return [];
  const shipped = await tx
    .select({ serial: shippedSerials.serialNumber })
    .from(shippedSerials)
    .where(and(eq(shippedSerials.orderId, orderId), eq(shippedSerials.toolId, asked.toolId), inArray(shippedSerials.serialNumber, serials)));
  const missing = serials.find((serial) => !shipped.some((row) => row.serial === serial));
  // 404, as another's order is: a serial shipped to someone else must not read differently from one never shipped.
  if (missing !== undefined) throw notFound(returnMessages.serialNotYours(missing, product));
  const [taken] = await tx
    .select({ serial: returnSerials.serialNumber })
    .from(returnSerials)
    .innerJoin(returns, eq(returns.id, returnSerials.returnId))
    .where(and(eq(returnSerials.orderId, orderId), eq(returnSerials.toolId, asked.toolId), inArray(returnSerials.serialNumber, serials), ne(returns.status, 'refused')))
    .limit(1);
  if (taken) throw new AppError('conflict', returnMessages.serialReturned(taken.serial));
  return serials;
}

/** POST /admin/returns/{id}/authorise and /refuse: a requested return answered, in words the buyer is mailed. */
export const answeringReturn =
  (deps: LifecycleDeps) =>
  async (admin: NonNullable<Actor>, returnId: string, answer: { authorise: true; instructions?: string } | { authorise: false; reason: string }): Promise<Return> =>
    deps.db.transaction(async (tx) => {
      const { order, row } = await lockedReturn(tx, returnId);
      if (row.status !== 'requested') throw new AppError('conflict', returnMessages.notRequested(row.status));
      const [changed] = await tx
        .update(returns)
        .set(answer.authorise ? { status: 'authorised', instructions: answer.instructions ?? '' } : { status: 'refused', refusalReason: answer.reason })
        .where(eq(returns.id, row.id))
        .returning();
      await returnHistory(tx, changed!, admin, changed!.status, answer.authorise ? answer.instructions || 'no instructions' : answer.reason);
      await auditReturn(tx, admin, row, changed!);
      const dto = await returnDto(tx, changed!, order);
      await deps.notifier.returnChanged(tx, order, dto, changed!.status);
      return dto;
    });

/**
 * POST /admin/returns/{id}/receive: the units that came back, each line put back to stock (a
 * `returned` movement of the order) or scrapped (no stock back). The tools are locked first, then
 * the order and the return: a return received twice at once is received, and restocked, once.
 */
export const receivingReturn =
  (deps: LifecycleDeps) =>
  async (admin: NonNullable<Actor>, returnId: string, request: ReceiveReturn): Promise<Return> => {
    const result = await deps.db.transaction(async (tx) => {
      const held = await tx.select({ toolId: returnLines.toolId }).from(returnLines).where(eq(returnLines.returnId, returnId)).orderBy(asc(returnLines.toolId));
      await lockTools(tx, { tools: held.map((line) => ({ toolId: line.toolId, quantity: 0, product: '' })), withdrawn: 0 }, 'keep');
      const { order, row } = await lockedReturn(tx, returnId);
      if (row.status !== 'authorised') throw new AppError('conflict', returnMessages.notAuthorised(row.status));
      const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, row.id));
      for (const asked of request.lines) {
        const line = lines.find((candidate) => candidate.toolId === asked.toolId);
        if (!line) throw new AppError('bad_request', returnMessages.receiveNotInReturn(asked.toolId));
        if (asked.quantity > line.quantity) throw new AppError('bad_request', returnMessages.receiveMoreThanReturned(line.product, line.quantity));
      }
      const done: string[] = [];
      const received: Record<string, { units: number; restocked: boolean }> = {};
      for (const line of lines) {
        const asked = request.lines.find((candidate) => candidate.toolId === line.toolId);
        const units = asked?.quantity ?? 0;
        let restock = (asked?.restock ?? false) && units > 0;
        if (restock) {
          const moved = await moveStock(tx, { toolId: line.toolId, kind: 'returned', units, actor: admin, orderId: order.id, note: `return ${formatReturnNumber(row.number)}` });
          // A tool deleted since: its units cannot go back to a stock that no longer exists, and the line says so.
          if (moved) await stockSettled(deps, tx, moved.tool, moved.before);
          restock = moved !== undefined;
        }
        await tx.update(returnLines).set({ receivedQuantity: units, restocked: restock }).where(and(eq(returnLines.returnId, row.id), eq(returnLines.toolId, line.toolId)));
        done.push(`${units} x ${line.product} ${restock ? 'back to stock' : units > 0 ? 'scrapped' : 'not received'}`);
        received[line.toolId] = { units, restocked: restock };
      }
      const [changed] = await tx.update(returns).set({ status: 'received' }).where(eq(returns.id, row.id)).returning();
      await returnHistory(tx, changed!, admin, 'received', done.join(', '));
      await auditReturn(tx, admin, row, changed!, { received });
      const dto = await returnDto(tx, changed!, order);
      await deps.notifier.returnChanged(tx, order, dto, 'received');
      return dto;
    });
    deps.catalogueCache.invalidate();
    return result;
  };

/**
 * The returned lines' share of what was paid, to the cent: each line's total (after its coupon
 * share, as the order priced it) for the units received, and with a withdrawal of the whole order
 * the delivery charge too (art. 13(1)).
 */
async function returnShareCents(tx: DbTransaction, order: OrderRow, row: ReturnRow): Promise<number> {
  const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, row.id));
  const placed = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const quote = order.pricing?.quote;
  const deliveryPaid = quote ? quote.delivery.net + quote.delivery.vat : 0;
  const goodsPaid = order.priceCents - deliveryPaid;
  const goodsValue = placed.reduce((sum, line) => sum + line.lineTotalCents, 0);
  let returnedValue = 0;
  for (const line of lines) {
    const ofTool = placed.filter((candidate) => candidate.toolId === line.toolId);
    const units = ofTool.reduce((sum, candidate) => sum + candidate.quantity, 0);
    const total = ofTool.reduce((sum, candidate) => sum + candidate.lineTotalCents, 0);
    if (units > 0) returnedValue += (total * (line.receivedQuantity ?? 0)) / units;
  }
  let share = goodsValue > 0 ? Math.round((goodsPaid * returnedValue) / goodsValue) : 0;
  if (row.reason === 'withdrawal') {
    const [all] = await tx
      .select({ units: sql<number>`coalesce(sum(coalesce(${returnLines.receivedQuantity}, ${returnLines.quantity})), 0)::int` })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(and(eq(returnLines.orderId, order.id), ne(returns.status, 'refused')));
    if ((all?.units ?? 0) >= order.quantity) share += deliveryPaid;
  }
  return share;
}

/**
 * POST /admin/returns/{id}/refund: a received return's money back through the order's refund
 * (gateway, credit note, revenue day, history, mail: refund.ts), in one transaction with the
 * return's state. The order's tools, the order and the return are locked first, so a return
 * refunded twice at once is refunded once.
 */
export const refundingReturn =
  (deps: LifecycleDeps) =>
  async (admin: NonNullable<Actor>, returnId: string, request: { amount?: number }): Promise<Return> => {
    const result = await deps.db.transaction(async (tx) => {
      const [peek] = await tx.select({ orderId: returns.orderId }).from(returns).where(eq(returns.id, returnId));
      if (!peek) throw returnNotFound();
      // The order's tools first, as the refund takes them (its lockTools again is a no-op in this transaction).
      const held = await tx.select({ toolId: orderLines.toolId }).from(orderLines).where(eq(orderLines.orderId, peek.orderId));
      const toolIds = [...new Set(held.flatMap((line) => (line.toolId ? [line.toolId] : [])))].sort();
      await lockTools(tx, { tools: toolIds.map((toolId) => ({ toolId, quantity: 0, product: '' })), withdrawn: 0 }, 'keep');
      const { order, row } = await lockedReturn(tx, returnId);
      if (row.status !== 'received') throw new AppError('conflict', returnMessages.notReceived(row.status));
      const left = order.priceCents - order.refundedCents;
      const asked = request.amount === undefined ? Math.min(await returnShareCents(tx, order, row), left) : toCents(request.amount);
      if (asked > left) throw new AppError('conflict', left === 0 ? returnMessages.nothingToRefund : returnMessages.pastPaid(formatCents(left)));
      const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, row.id));
      const reason = clipText(
        `return ${formatReturnNumber(row.number)} (${row.reason}): ${contentsOf(lines.map((line) => ({ product: line.product, quantity: line.receivedQuantity ?? 0 })))}`,
        TEXT_LIMITS.refundReason,
      );
      let freesUnits = false;
      if (asked > 0) freesUnits = (await refundInTransaction(deps, tx, admin, order.id, { amountCents: asked, reason })).freesUnits;
      const [changed] = await tx.update(returns).set({ status: 'refunded', refundedCents: asked }).where(eq(returns.id, row.id)).returning();
      const [after] = await tx.select().from(orders).where(eq(orders.id, order.id));
      await returnHistory(tx, changed!, admin, 'refunded', formatCents(asked));
      await auditReturn(tx, admin, row, changed!, { refunded: fromCents(asked) });
      const dto = await returnDto(tx, changed!, after!);
      await deps.notifier.returnChanged(tx, after!, dto, 'refunded');
      return { dto, freesUnits };
    });
    if (result.freesUnits) deps.catalogueCache.invalidate();
    return result.dto;
  };
