import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import type { PageQuery } from '@voltline/shared/paging';
import {
  MAX_CARRIERS,
  shipmentMessages,
  trackingUrlOf,
  warrantyUntil,
  type Carrier,
  type CarrierInput,
  type CarrierNotice,
  type CreateShipment,
  type Shipment,
  type ToolWarranty,
  type WarrantyAnswer,
} from '@voltline/shared/shipments';
import type { Database } from '../db/client.ts';
import { carriers, orders, shipmentLines, shipments, shippedSerials, tools } from '../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { may, type Caller } from '../identity/caller.ts';
import { type Page, type Paging } from '../platform/paging.ts';
import { verifyWebhook } from '../platform/webhook-signing.ts';
import type { OrderLifecycle } from './lifecycle/index.ts';
import { renderPackingSlipPdf } from './packing-slip-pdf.ts';

type ShipmentRow = typeof shipments.$inferSelect;

/** A serial is unique per tool, not across tools: this many tools sharing one number are looked at. */
const MAX_SERIAL_SHARERS = 20;

const toCarrier = (row: typeof carriers.$inferSelect): Carrier => ({
  _id: row.id,
  name: row.name,
  trackingUrlTemplate: row.trackingUrlTemplate,
  noticeSecretEnd: row.noticeSecret === null ? null : row.noticeSecret.slice(-4),
});

/** A carrier as the audit log records it: its secret is compared, and recorded only as changed (audit-log.ts). */
const carrierAudited = (row: typeof carriers.$inferSelect) => ({ name: row.name, trackingUrlTemplate: row.trackingUrlTemplate, noticeSecret: row.noticeSecret });

/** A carrier by its name in any case: names are unique whatever their case. */
const carrierNamed = (name: string) => eq(sql`lower(${carriers.name})`, name.toLowerCase());

/** Parcels of an order with their lines and serials, as the API, My Orders and the Ship dialog read them. */
async function withLines(db: Database, rows: readonly ShipmentRow[]): Promise<Shipment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await db.select().from(shipmentLines).where(inArray(shipmentLines.shipmentId, ids)).orderBy(asc(shipmentLines.linePosition));
  const serials = await db.select().from(shippedSerials).where(inArray(shippedSerials.shipmentId, ids)).orderBy(asc(shippedSerials.serialNumber));
  return rows.map((row) => ({
    _id: row.id,
    orderId: row.orderId,
    lines: lines
      .filter((line) => line.shipmentId === row.id)
      .map((line) => ({
        toolId: line.toolId,
        product: line.product,
        quantity: line.quantity,
        serialNumbers: serials.filter((serial) => serial.shipmentId === row.id && serial.linePosition === line.linePosition).map((serial) => serial.serialNumber),
      })),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    shippedAt: row.shippedAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }));
}

/** Parcels (lifecycle/ship.ts makes them) and the carriers admins ship with. */
export function createShipmentsService(db: Database, lifecycle: OrderLifecycle, paging: Paging, shopWarrantyMonths: number) {
  return {
    /**
     * GET /warranty/{serial}: the unit with that serial number (the one shipped last, should two
     * tools share a number), its tool, order, shipment day and warranty. Its buyer and admins; to
     * anyone else it does not exist.
     */
    async warranty(caller: Caller, serialNumber: string, now = new Date()): Promise<WarrantyAnswer> {
      const rows = await db
        .select({
          serialNumber: shippedSerials.serialNumber,
          toolId: shippedSerials.toolId,
          product: shipmentLines.product,
          orderId: shippedSerials.orderId,
          buyer: orders.userId,
          shippedAt: shipments.shippedAt,
          toolWarranty: tools.warrantyMonths,
        })
        .from(shippedSerials)
        .innerJoin(shipments, eq(shipments.id, shippedSerials.shipmentId))
        .innerJoin(shipmentLines, and(eq(shipmentLines.shipmentId, shippedSerials.shipmentId), eq(shipmentLines.linePosition, shippedSerials.linePosition)))
        .innerJoin(orders, eq(orders.id, shippedSerials.orderId))
        .leftJoin(tools, eq(tools.id, shippedSerials.toolId))
        .where(eq(shippedSerials.serialNumber, serialNumber))
        .orderBy(desc(shipments.shippedAt))
        .limit(MAX_SERIAL_SHARERS);
      const unit = rows.find((row) => may(caller, 'readOrders') || row.buyer === caller.userId);
      if (!unit) throw notFound('No unit of yours has this serial number');
      const warrantyMonths = unit.toolWarranty ?? shopWarrantyMonths;
      const until = warrantyUntil(unit.shippedAt, warrantyMonths);
      return {
        serialNumber: unit.serialNumber,
        toolId: unit.toolId,
        product: unit.product,
        orderId: unit.orderId,
        shippedAt: unit.shippedAt.toISOString(),
        warrantyMonths,
        warrantyUntil: until,
        covered: now.toISOString().slice(0, 10) <= until,
      };
    },

    /** PATCH /admin/tools/{id}/warranty: serial numbers required per unit or not, and the tool's warranty (null: the shop's). */
    async setToolWarranty(admin: AuditActor, toolId: string, warranty: ToolWarranty): Promise<ToolWarranty> {
      const id = entityIdSchema.safeParse(toolId);
      if (!id.success) throw notFound('Tool not found');
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ serialised: tools.serialised, warrantyMonths: tools.warrantyMonths }).from(tools).where(eq(tools.id, id.data)).for('update');
        if (!before) throw notFound('Tool not found');
        const [updated] = await tx
          .update(tools)
          .set({ serialised: warranty.serialised, warrantyMonths: warranty.warrantyMonths })
          .where(eq(tools.id, id.data))
          .returning({ serialised: tools.serialised, warrantyMonths: tools.warrantyMonths });
        await recordAudit(tx, { actor: admin, kind: 'tool', action: 'warranty changed', subject: id.data, before, after: updated! });
        return updated!;
      });
    },

    /**
     * GET /purchasedSingle/{id}/shipments: an order's parcels, oldest first, a page at a time. Its
     * buyer and admins; to anyone else the order does not exist (its parcels name what they hold).
     */
    async listShipments(caller: Caller, orderId: string, query: PageQuery): Promise<Page<Shipment>> {
      const order = await lifecycle.findOrder(orderId);
      if (order.userId !== caller.userId && !may(caller, 'readOrders')) throw notFound('Order not found');
      const page = paging.page({
        list: 'order-shipments',
        order: { key: shipments.shippedAt, keyType: 'timestamptz', id: shipments.id, idType: 'uuid', direction: 'asc' },
        scope: { order: order.id },
        query,
      });
      const select = db.select({ shipment: shipments, cursorKey: page.cursorKey }).from(shipments).$dynamic();
      const found = await page.read(select, eq(shipments.orderId, order.id), (row) => row.shipment.id);
      return { items: await withLines(db, found.items.map((row) => row.shipment)), nextCursor: found.nextCursor };
    },

    /** GET /adminPurchased/{id}/shipments/{shipmentId}/packing-slip.pdf: one parcel of the order, drawn for the warehouse. */
    async packingSlip(orderId: string, shipmentId: string): Promise<{ pdf: Buffer; fileName: string }> {
      const order = await lifecycle.findOrder(orderId);
      const id = entityIdSchema.safeParse(shipmentId);
      const [row] = id.success ? await db.select().from(shipments).where(and(eq(shipments.id, id.data), eq(shipments.orderId, order.id))) : [];
      if (!row) throw notFound('Parcel not found');
      const [shipment] = await withLines(db, [row]);
      return { pdf: await renderPackingSlipPdf(order, shipment!), fileName: `packing-slip-${row.id}.pdf` };
    },

    /**
     * POST /adminPurchased/{id}/shipments/{shipmentId}/delivered: the parcel reached the buyer (an
     * admin's word, or a carrier's notice passed on). The first time counts: the withdrawal period
     * runs from it, so marking it again never moves the period.
     */
    async markDelivered(orderId: string, shipmentId: string, now = new Date()): Promise<Shipment> {
      const order = await lifecycle.findOrder(orderId);
      const id = entityIdSchema.safeParse(shipmentId);
      if (!id.success) throw notFound('Parcel not found');
      await db
        .update(shipments)
        .set({ deliveredAt: now })
        .where(and(eq(shipments.id, id.data), eq(shipments.orderId, order.id), isNull(shipments.deliveredAt)));
      const [row] = await db.select().from(shipments).where(and(eq(shipments.id, id.data), eq(shipments.orderId, order.id)));
      if (!row) throw notFound('Parcel not found');
      const [shipment] = await withLines(db, [row]);
      return shipment!;
    },

    /**
     * POST /carriers/{name}/notices: a carrier tells that its parcel arrived, signed over the raw
     * body with the secret an admin gave it (the scheme the shop's own webhooks use, so the
     * timestamp bounds a replay to 5 minutes). The law counts the withdrawal period from delivery
     * (decision 048): the first word of it counts, an admin's or a carrier's, so a notice
     * repeated or late changes nothing.
     */
    async takeCarrierNotice(carrierName: string, notice: CarrierNotice, signed: { rawBody: string; signature: string | undefined }, now = new Date()): Promise<{ acknowledged: true; delivered: number }> {
      const [carrier] = await db.select().from(carriers).where(carrierNamed(carrierName));
      if (!carrier) throw notFound(shipmentMessages.unknownCarrierNotice(carrierName));
      // Unsigned, or a carrier without a secret: nothing here can prove who sent it.
      if (carrier.noticeSecret === null || !verifyWebhook(carrier.noticeSecret, signed.rawBody, signed.signature ?? '', now.getTime())) {
        throw new AppError('unauthorized', shipmentMessages.noticeNotSigned);
      }
      const parcels = and(eq(shipments.trackingNumber, notice.trackingNumber), eq(sql`lower(${shipments.carrier})`, carrier.name.toLowerCase()));
      const [known] = await db.select({ id: shipments.id }).from(shipments).where(parcels).limit(1);
      if (!known) throw notFound(shipmentMessages.unknownTrackingNumber(notice.trackingNumber));
      // A carrier's clock may be off: its moment is taken between the parcel's leaving and now, so
      // the period never starts before the parcel left nor after the notice came.
      const at = new Date(Math.min(Date.parse(notice.at), now.getTime()));
      // Only parcels not yet marked: the first word counts.
      const marked = await db
        .update(shipments)
        .set({ deliveredAt: sql`greatest(${shipments.shippedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(parcels, isNull(shipments.deliveredAt)))
        .returning({ id: shipments.id });
      return { acknowledged: true, delivered: marked.length };
    },

    /** POST /adminPurchased/{id}/shipments: the carrier must be one of the shop's, whose template makes the tracking address. */
    async createShipment(admin: Caller, orderId: string, request: CreateShipment): Promise<Shipment> {
      const [carrier] = await db.select().from(carriers).where(carrierNamed(request.carrier));
      if (!carrier) throw new AppError('bad_request', shipmentMessages.unknownCarrier(request.carrier));
      return lifecycle.shipParcel(admin, orderId, request, {
        name: carrier.name,
        trackingNumber: request.trackingNumber,
        trackingUrl: trackingUrlOf(carrier.trackingUrlTemplate, request.trackingNumber),
      });
    },

    /** GET /admin/carriers: every carrier, by name (at most MAX_CARRIERS, so one answer holds them all). */
    async listCarriers(): Promise<Carrier[]> {
      const rows = await db.select().from(carriers).orderBy(sql`lower(${carriers.name})`).limit(MAX_CARRIERS);
      return rows.map(toCarrier);
    },

    /**
     * PUT /admin/carriers: a carrier added, or the one of that name (in any case) given a new
     * tracking address; parcels already sent keep the address they were sent with.
     */
    async saveCarrier(admin: AuditActor, input: CarrierInput): Promise<Carrier> {
      return db.transaction(async (tx) => {
        // One admin's save at a time (the lock conflicts with itself): two admins adding the same
        // name, or the 50th carrier, at once add one.
        await tx.execute(sql`lock table ${carriers} in share row exclusive mode`);
        const [before] = await tx.select().from(carriers).where(carrierNamed(input.name));
        const [updated] = await tx
          .update(carriers)
          .set({ name: input.name, trackingUrlTemplate: input.trackingUrlTemplate, ...(input.noticeSecret !== undefined && { noticeSecret: input.noticeSecret }) })
          .where(carrierNamed(input.name))
          .returning();
        if (updated) {
          await recordAudit(tx, { actor: admin, kind: 'settings', action: 'carrier changed', subject: updated.id, before: carrierAudited(before!), after: carrierAudited(updated) });
          return toCarrier(updated);
        }
        const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(carriers);
        if (count >= MAX_CARRIERS) throw new AppError('conflict', `The shop keeps at most ${MAX_CARRIERS} carriers: change one instead.`);
        const [inserted] = await tx.insert(carriers).values({ name: input.name, trackingUrlTemplate: input.trackingUrlTemplate, noticeSecret: input.noticeSecret ?? null }).returning();
        await recordAudit(tx, { actor: admin, kind: 'settings', action: 'carrier added', subject: inserted!.id, before: null, after: carrierAudited(inserted!) });
        return toCarrier(inserted!);
      });
    },
  };
}
export type ShipmentsService = ReturnType<typeof createShipmentsService>;
