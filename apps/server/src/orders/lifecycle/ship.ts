import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { paidOrOnAccount, shipmentMessages, type CreateShipment, type Shipment } from '@voltline/shared/shipments';
import { clipText, TEXT_LIMITS } from '@voltline/shared/text-limits';
import type { DbTransaction } from '../../db/client.ts';
import { orderLines, orders, shipmentLines, shipments, shippedSerials, tools } from '../../db/schema.ts';
import { AppError } from '../../platform/app-error.ts';
import type { OrderRow } from '../order-dto.ts';
import { findOrder, type Actor, type LifecycleDeps } from './context.ts';
import { recordHistory } from './history.ts';
import { moveStock, stockSettled } from './stock-moves.ts';
import { lockTools, type OrderUnits } from './units.ts';

/** Who takes a parcel and how it is tracked; none for the spec's PATCH /deliverConfirm. */
export interface ParcelCarrier {
  name: string;
  trackingNumber: string;
  trackingUrl: string;
}

/** What goes into a parcel: the units asked for (POST .../shipments), or every unit not yet shipped (deliverConfirm). */
type ParcelContents = { lines: CreateShipment['lines']; serialNumbers: NonNullable<CreateShipment['serialNumbers']> } | 'the rest';

type LineRow = Pick<typeof orderLines.$inferSelect, 'position' | 'toolId' | 'product' | 'quantity'>;

/** One order line's units in this parcel. */
interface ParcelLine {
  line: LineRow;
  units: number;
}

/** The units of each line already in earlier parcels, by line position (read under the order's lock). */
async function shippedByLine(tx: DbTransaction, orderId: string): Promise<Map<number, number>> {
  const rows = await tx
    .select({ position: shipmentLines.linePosition, units: sql<number>`sum(${shipmentLines.quantity})::int` })
    .from(shipmentLines)
    .where(eq(shipmentLines.orderId, orderId))
    .groupBy(shipmentLines.linePosition);
  return new Map(rows.map((row) => [row.position, row.units]));
}

/** The units of each tool of an order already shipped: what a full refund must not give back to sale. */
export async function shippedByTool(tx: DbTransaction, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ toolId: shipmentLines.toolId, units: sql<number>`sum(${shipmentLines.quantity})::int` })
    .from(shipmentLines)
    .where(eq(shipmentLines.orderId, orderId))
    .groupBy(shipmentLines.toolId);
  return new Map(rows.flatMap((row) => (row.toolId === null ? [] : [[row.toolId, row.units] as const])));
}

/** Why an order cannot ship now, in words; undefined when it can. */
function refusalToShip(order: OrderRow): AppError | undefined {
  if (order.cancelledAt) return new AppError('conflict', order.status === 'refunded' ? shipmentMessages.refunded : shipmentMessages.cancelled);
  if (order.status === 'refunded') return new AppError('conflict', shipmentMessages.refunded);
  if (!paidOrOnAccount(order)) return new AppError('conflict', shipmentMessages.unpaid);
  if (order.delivery === 'shipped') return new AppError('conflict', shipmentMessages.allShipped);
  return undefined;
}

/**
 * The parcel's units per order line: each tool asked for takes its units from its lines in the
 * order placed, never more than each line has left; the rest is every unit not yet shipped.
 */
function parcelLines(lines: readonly LineRow[], shipped: Map<number, number>, contents: ParcelContents): ParcelLine[] {
  const leftOf = (line: LineRow) => line.quantity - (shipped.get(line.position) ?? 0);
  if (contents === 'the rest') return lines.filter((line) => leftOf(line) > 0).map((line) => ({ line, units: leftOf(line) }));
  const parcel: ParcelLine[] = [];
  for (const asked of contents.lines) {
    const ofTool = lines.filter((line) => line.toolId === asked.toolId);
    if (ofTool.length === 0) throw new AppError('bad_request', shipmentMessages.notInOrder(asked.toolId));
    const left = ofTool.reduce((sum, line) => sum + leftOf(line), 0);
    if (asked.quantity > left) throw new AppError('conflict', shipmentMessages.moreThanLeft(ofTool[0]!.product, left));
    let wanted = asked.quantity;
    for (const line of ofTool) {
      const units = Math.min(wanted, leftOf(line));
      if (units > 0) parcel.push({ line, units });
      wanted -= units;
    }
  }
  return parcel.sort((a, b) => a.line.position - b.line.position);
}

/** A parcel's units by tool (lines of a deleted tool move no stock), sorted by tool id as every verb locks them. */
function unitsByTool(parcel: readonly ParcelLine[]): OrderUnits {
  const byTool = new Map<string, { toolId: string; quantity: number; product: string }>();
  for (const { line, units } of parcel) {
    if (line.toolId === null) continue;
    const tool = byTool.get(line.toolId) ?? { toolId: line.toolId, quantity: 0, product: line.product };
    tool.quantity += units;
    byTool.set(line.toolId, tool);
  }
  const held = [...byTool.values()].sort((a, b) => (a.toolId < b.toolId ? -1 : 1));
  return { tools: held, withdrawn: parcel.filter(({ line }) => line.toolId === null).length };
}

/**
 * Each tool's serial numbers checked against the parcel: only tools in it, at most one per unit and
 * exactly one per unit of a serialised tool, none given twice, none already shipped for that tool.
 * The tools' rows are locked ('promise') by the caller, so two parcels of one tool check and take
 * their serials one after the other; the unique index holds it whatever any other path does.
 */
async function checkSerials(tx: DbTransaction, units: OrderUnits, serialNumbers: Record<string, string[]>) {
  for (const toolId of Object.keys(serialNumbers)) {
    if (!units.tools.some((tool) => tool.toolId === toolId)) throw new AppError('bad_request', shipmentMessages.serialsNotInParcel(toolId));
  }
  const parcelTools = units.tools.map((tool) => tool.toolId);
  const serialised = new Set(
    parcelTools.length === 0
      ? []
      : (await tx.select({ id: tools.id }).from(tools).where(and(inArray(tools.id, parcelTools), eq(tools.serialised, true)))).map((tool) => tool.id),
  );
  for (const tool of units.tools) {
    const serials = serialNumbers[tool.toolId] ?? [];
    if (serials.length > tool.quantity) throw new AppError('bad_request', shipmentMessages.tooManySerials(tool.product, tool.quantity));
    if (serialised.has(tool.toolId) && serials.length !== tool.quantity) throw new AppError('bad_request', shipmentMessages.serialPerUnit(tool.product, tool.quantity));
    const repeated = serials.find((serial, index) => serials.indexOf(serial) !== index);
    if (repeated !== undefined) throw new AppError('bad_request', shipmentMessages.repeatedSerial(repeated));
    if (serials.length === 0) continue;
    const [taken] = await tx
      .select({ serial: shippedSerials.serialNumber })
      .from(shippedSerials)
      .where(and(eq(shippedSerials.toolId, tool.toolId), inArray(shippedSerials.serialNumber, serials)))
      .limit(1);
    if (taken) throw new AppError('conflict', shipmentMessages.serialTaken(taken.serial, tool.product));
  }
}

/** What the history says of a parcel: its contents, carrier and tracking, the stock moved, the units shipped so far. */
function parcelDetail(parcel: readonly ParcelLine[], carrier: ParcelCarrier | undefined, moved: string[], shippedUnits: number, quantity: number) {
  const contents = parcel.map(({ line, units }) => `${units} x ${line.product}`).join(', ');
  const tracking = carrier ? `${carrier.name}, tracking ${carrier.trackingNumber} (${carrier.trackingUrl})` : 'no carrier named';
  const stock = moved.length > 0 ? `stock ${moved.join(', ')}` : 'the tool is no longer in the catalogue: no stock moved';
  const progress = shippedUnits === quantity ? 'every unit shipped' : `${shippedUnits} of ${quantity} units shipped`;
  return clipText(`parcel: ${contents}; ${tracking}; ${stock}; ${progress}`, TEXT_LIMITS.note);
}

/**
 * A parcel of a paid order leaves (issue 38, decision 046): its lines, the units of each taken out
 * of the stock and the promise (a `shipped` movement per tool, stock-moves.ts), the order's shipped
 * units and, with the last unit, its delivery `shipped`, the history row with carrier and tracking,
 * and the outbox's mail and webhooks, in one transaction. The parcel's tools are locked first, then
 * the order (index.ts): two admins shipping the same units wait for each other, and the second
 * finds them shipped.
 */
async function shipParcel(deps: LifecycleDeps, admin: Actor, orderId: string, contents: ParcelContents, carrier?: ParcelCarrier): Promise<{ shipment: Shipment; order: OrderRow }> {
  const { db, notifier, catalogueCache } = deps;
  const found = await findOrder(db, orderId);
  const result = await db.transaction(async (tx) => {
    // Lines never change after placement but for a deletion setting their tool to null: read without a lock.
    const readLines = () =>
      tx
        .select({ position: orderLines.position, toolId: orderLines.toolId, product: orderLines.product, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, found.id))
        .orderBy(asc(orderLines.position));
    const placed = await readLines();
    const askedTools = contents === 'the rest' ? placed.flatMap((line) => (line.toolId ? [line.toolId] : [])) : contents.lines.map((line) => line.toolId);
    const held = [...new Set(askedTools)].filter((toolId) => placed.some((line) => line.toolId === toolId)).sort();
    await lockTools(tx, { tools: held.map((toolId) => ({ toolId, quantity: 0, product: '' })), withdrawn: 0 }, 'promise');
    // Read again with the tools held: a tool deleted after the first read is null on its lines now,
    // so the parcel's rows never name a tool that is gone (a foreign key the insert would break).
    const lines = await readLines();
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update');
    const refusal = refusalToShip(order!);
    if (refusal) throw refusal;
    const parcel = parcelLines(lines, await shippedByLine(tx, order!.id), contents);
    if (parcel.length === 0) throw new AppError('conflict', shipmentMessages.allShipped);
    const units = unitsByTool(parcel);
    const serialNumbers = contents === 'the rest' ? {} : contents.serialNumbers;
    await checkSerials(tx, units, serialNumbers);

    const [shipment] = await tx
      .insert(shipments)
      .values({
        orderId: order!.id,
        carrier: carrier?.name ?? null,
        trackingNumber: carrier?.trackingNumber ?? null,
        trackingUrl: carrier?.trackingUrl ?? null,
        actorUserId: admin?.userId ?? null,
        actorEmail: admin?.email ?? null,
        shippedAt: sql`clock_timestamp()`,
      })
      .returning();
    await tx.insert(shipmentLines).values(
      parcel.map(({ line, units: lineUnits }) => ({ shipmentId: shipment!.id, orderId: order!.id, linePosition: line.position, toolId: line.toolId, product: line.product, quantity: lineUnits })),
    );
    // A tool's serials go to its lines in the parcel in order, a unit each.
    const serialRows = parcel.flatMap(({ line, units: lineUnits }) => {
      if (line.toolId === null) return [];
      const before = parcel.filter((other) => other.line.toolId === line.toolId && other.line.position < line.position).reduce((sum, other) => sum + other.units, 0);
      return (serialNumbers[line.toolId] ?? []).slice(before, before + lineUnits).map((serialNumber) => ({ shipmentId: shipment!.id, orderId: order!.id, linePosition: line.position, toolId: line.toolId, serialNumber }));
    });
    if (serialRows.length > 0) await tx.insert(shippedSerials).values(serialRows);

    // Every tool of the parcel loses its units, or (a stock short of one) the parcel is refused whole.
    const moved: string[] = [];
    for (const tool of units.tools) {
      // Shipped units leave the stock and the promise together, as a `shipped` movement of the order.
      const shippedUnits = await moveStock(tx, { toolId: tool.toolId, kind: 'shipped', units: -tool.quantity, actor: admin, orderId: order!.id, fulfilsPromise: true });
      if (shippedUnits) {
        await stockSettled(deps, tx, shippedUnits.tool, shippedUnits.before);
        moved.push(units.tools.length > 1 ? `-${tool.quantity} ${tool.product}` : `-${tool.quantity}`);
        continue;
      }
      const [current] = await tx.select({ available: tools.availableQuantity }).from(tools).where(eq(tools.id, tool.toolId));
      // Deleted while this parcel waited for its row: its units were promised, and deleteTool
      // made sure the stock held every promise, so it ships like any line of a deleted tool.
      if (current) {
        throw new AppError(
          'conflict',
          `Not enough stock to ship${units.tools.length > 1 ? ` ${tool.product}` : ''}: ${tool.quantity} ordered, ${current.available} available. Restock the tool first, or refund the order.`,
        );
      }
    }
    const parcelUnits = parcel.reduce((sum, { units: lineUnits }) => sum + lineUnits, 0);
    const shippedUnits = order!.shippedUnits + parcelUnits;
    // The last unit ships the order: the spec's "Product deliverd". Lines hold `quantity` units in all.
    const complete = shippedUnits >= order!.quantity;
    const [shippedOrder] = await tx
      .update(orders)
      .set({ shippedUnits: Math.min(shippedUnits, order!.quantity), ...(complete ? { delivery: 'shipped' as const } : {}) })
      .where(eq(orders.id, order!.id))
      .returning();
    await recordHistory(tx, order!.id, 'shipped', admin, parcelDetail(parcel, carrier, moved, shippedOrder!.shippedUnits, order!.quantity));
    const answer: Shipment = {
      _id: shipment!.id,
      orderId: order!.id,
      lines: parcel.map(({ line, units: lineUnits }) => ({
        toolId: line.toolId,
        product: line.product,
        quantity: lineUnits,
        serialNumbers: serialRows.filter((row) => row.linePosition === line.position).map((row) => row.serialNumber),
      })),
      carrier: shipment!.carrier,
      trackingNumber: shipment!.trackingNumber,
      trackingUrl: shipment!.trackingUrl,
      shippedAt: shipment!.shippedAt.toISOString(),
      deliveredAt: null,
    };
    await notifier.shipmentCreated(tx, shippedOrder!, answer, complete);
    return { shipment: answer, order: shippedOrder! };
  });
  // The catalogue shows stock: it must not keep the old figure.
  catalogueCache.invalidate();
  return result;
}

/** PATCH /deliverConfirm/{id}, the spec's "ship": every unit not yet shipped, as one parcel without tracking. */
export const shipping =
  (deps: LifecycleDeps) =>
  async (admin: Actor, orderId: string): Promise<{ acknowledged: true; modifiedCount: number }> => {
    await shipParcel(deps, admin, orderId, 'the rest');
    return { acknowledged: true, modifiedCount: 1 };
  };

/** POST /adminPurchased/{id}/shipments: the units asked for, with the carrier (checked by the caller) and tracking. */
export const shippingParcel =
  (deps: LifecycleDeps) =>
  async (admin: NonNullable<Actor>, orderId: string, request: CreateShipment, carrier: ParcelCarrier): Promise<Shipment> =>
    (await shipParcel(deps, admin, orderId, { lines: request.lines, serialNumbers: request.serialNumbers ?? {} }, carrier)).shipment;
