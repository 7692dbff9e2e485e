import { z } from 'zod';
import { entityIdSchema } from './id.ts';
import { shopMoment } from './shop-dates.ts';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/** Where a carrier's tracking address takes the parcel's tracking number. */
const TRACKING_PLACEHOLDER = '{tracking}';

/** The most carriers a shop keeps: the Ship dialog offers them all in one list, never paged. */
export const MAX_CARRIERS = 50;

/** The shortest secret a carrier may sign its notices with: one a person could guess is no signature. */
const MIN_NOTICE_SECRET = 32;

/** The most units one shipment line takes: an order's line never holds more. */
const MAX_SHIPMENT_UNITS = 100_000;

/** The words of every refusal of a shipment, for the server and the Ship dialog alike. */
/**
 * Whether an order may be shipped as far as its money goes: paid, or placed on account (decision 060:
 * a business on terms is invoiced at once and pays by the due date, after the goods arrive, as trade
 * customers do). The server refuses other orders' parcels in words; the back office offers Ship by it.
 */
export const paidOrOnAccount = (order: { status: string; paymentDueOn: string | null }): boolean =>
  order.status === 'paid' || (order.status === 'unpaid' && order.paymentDueOn !== null);

export const shipmentMessages = {
  noLines: 'Say which tools go into the parcel',
  repeatedTool: 'Name each tool once: give its units in one line',
  badQuantity: 'Units must be a whole number of at least 1',
  noCarrier: 'Say which carrier takes the parcel',
  noTracking: 'Give the tracking number the carrier printed',
  unknownCarrier: (name: string) => `${name} is not one of the shop's carriers: add it under Carriers first.`,
  notInOrder: (toolId: string) => `Tool ${toolId} is not in this order.`,
  moreThanLeft: (product: string, left: number) =>
    left === 0 ? `Every unit of ${product} has already been shipped.` : `Only ${left} ${left === 1 ? 'unit' : 'units'} of ${product} ${left === 1 ? 'is' : 'are'} left to ship.`,
  unpaid: 'Only a paid order, or one on account, can be shipped.',
  refunded: 'This order was refunded in full: there is nothing to ship.',
  cancelled: 'This order was canceled: there is nothing to ship.',
  allShipped: 'This order has already been shipped.',
  serialsNotInParcel: (toolId: string) => `Serial numbers were given for tool ${toolId}, which is not in this parcel.`,
  tooManySerials: (product: string, units: number) => `${product} ships ${units} ${units === 1 ? 'unit' : 'units'}: give at most one serial number per unit.`,
  repeatedSerial: (serial: string) => `Serial number ${serial} is given twice.`,
  serialPerUnit: (product: string, units: number) => `${product} is serialised: give one serial number for each of its ${units} ${units === 1 ? 'unit' : 'units'}.`,
  serialTaken: (serial: string, product: string) => `Serial number ${serial} of ${product} has already been shipped.`,
  templateWithoutPlaceholder: `The tracking address must contain ${TRACKING_PLACEHOLDER} where the tracking number goes`,
  templateNotHttps: 'The tracking address must be an https:// address',
  shortNoticeSecret: `A notice secret has at least ${MIN_NOTICE_SECRET} characters: give the carrier a long random one`,
  unknownCarrierNotice: (name: string) => `${name} is not one of the shop's carriers.`,
  noticeNotSigned: "The notice is not signed with the carrier's secret: sign the raw body as voltline-signature (t=<unix seconds>,v1=<hex HMAC-SHA256 of \"t.body\">).",
  unknownTrackingNumber: (trackingNumber: string) => `No parcel of this carrier has tracking number ${trackingNumber}.`,
};

const serialNumberSchema = text()
  .trim()
  .min(1, 'A serial number cannot be empty')
  .max(TEXT_LIMITS.serialNumber, tooLongMessage('Serial number', TEXT_LIMITS.serialNumber));

const carrierNameSchema = text()
  .trim()
  .min(1, shipmentMessages.noCarrier)
  .max(TEXT_LIMITS.carrierName, tooLongMessage('Carrier', TEXT_LIMITS.carrierName));

const trackingNumberSchema = text()
  .trim()
  .min(1, shipmentMessages.noTracking)
  .max(TEXT_LIMITS.trackingNumber, tooLongMessage('Tracking number', TEXT_LIMITS.trackingNumber))
  // The number goes into the carrier's address: it has no room for spaces or a path of its own.
  .regex(/^[A-Za-z0-9-]+$/, 'A tracking number has letters, digits and dashes only');

/**
 * POST /adminPurchased/{id}/shipments: which units of which tools go into the parcel, with whom,
 * its tracking number and, per tool, the serial numbers of its units.
 */
export const createShipmentSchema = z.object({
  lines: z
    .array(
      z.object({
        toolId: entityIdSchema,
        quantity: z.number({ error: shipmentMessages.badQuantity }).int(shipmentMessages.badQuantity).min(1, shipmentMessages.badQuantity).max(MAX_SHIPMENT_UNITS, shipmentMessages.badQuantity),
      }),
    )
    .min(1, shipmentMessages.noLines)
    .max(100, 'A parcel holds at most 100 lines')
    .refine((lines) => new Set(lines.map((line) => line.toolId)).size === lines.length, shipmentMessages.repeatedTool),
  carrier: carrierNameSchema,
  trackingNumber: trackingNumberSchema,
  serialNumbers: z.record(entityIdSchema, z.array(serialNumberSchema).max(MAX_SHIPMENT_UNITS)).optional(),
});
export type CreateShipment = z.infer<typeof createShipmentSchema>;

const shipmentLineSchema = z.object({
  toolId: z.string().nullable(),
  product: z.string(),
  quantity: z.number().int(),
  serialNumbers: z.array(z.string()),
});

export const shipmentSchema = z.object({
  _id: entityIdSchema,
  orderId: entityIdSchema,
  lines: z.array(shipmentLineSchema),
  /** Null for a shipment made by the spec's PATCH /deliverConfirm, which names no carrier. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier's tracking address with this parcel's number, as it was when the parcel left. */
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  /** When an admin (or a carrier's notice) marked it delivered: the withdrawal period counts from it (decision 048). */
  deliveredAt: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

const httpsUrl = z.url({ protocol: /^https$/ });

/** A carrier's tracking address: https, with {tracking} where the number goes. */
const trackingUrlTemplateSchema = text()
  .trim()
  .max(TEXT_LIMITS.trackingUrlTemplate, tooLongMessage('Tracking address', TEXT_LIMITS.trackingUrlTemplate))
  .refine((template) => template.includes(TRACKING_PLACEHOLDER), shipmentMessages.templateWithoutPlaceholder)
  .refine((template) => httpsUrl.safeParse(template.replaceAll(TRACKING_PLACEHOLDER, 'X')).success, shipmentMessages.templateNotHttps);

/** The secret a carrier signs its delivery notices with; an admin gives it to the carrier. */
const noticeSecretSchema = text()
  .trim()
  .min(MIN_NOTICE_SECRET, shipmentMessages.shortNoticeSecret)
  .max(TEXT_LIMITS.carrierNoticeSecret, tooLongMessage('Notice secret', TEXT_LIMITS.carrierNoticeSecret));

/**
 * PUT /admin/carriers: a carrier added, or its tracking address changed (by its name), and the
 * secret its delivery notices are signed with when given (left out: the one it has is kept).
 */
export const carrierInputSchema = z.object({ name: carrierNameSchema, trackingUrlTemplate: trackingUrlTemplateSchema, noticeSecret: noticeSecretSchema.optional() });
export type CarrierInput = z.infer<typeof carrierInputSchema>;

/** A carrier as admins read it: its notice secret is never answered back, only its last 4 characters to tell which one is set. */
export const carrierSchema = z.object({
  _id: entityIdSchema,
  name: z.string(),
  trackingUrlTemplate: z.string(),
  /** The secret's last 4 characters; null: the carrier cannot send delivery notices. */
  noticeSecretEnd: z.string().nullable(),
});
export type Carrier = z.infer<typeof carrierSchema>;

/** POST /carriers/{name}/notices: what a carrier tells of one of its parcels (only its delivery, for now). */
export const carrierNoticeSchema = z.object({
  trackingNumber: trackingNumberSchema,
  event: z.literal('delivered', { error: 'The only event a carrier tells is delivered' }),
  at: shopMoment('Delivered at'),
});
export type CarrierNotice = z.infer<typeof carrierNoticeSchema>;

export const carrierNoticeParamsSchema = z.object({ name: carrierNameSchema });

/** A notice taken: how many of the carrier's parcels with that number it marked delivered now (0 for a replay). */
export const carrierNoticeAnswerSchema = z.object({ acknowledged: z.boolean(), delivered: z.number().int() });

/** The parcel's tracking address: the number put where the carrier's template says. */
export const trackingUrlOf = (template: string, trackingNumber: string) => template.replaceAll(TRACKING_PLACEHOLDER, encodeURIComponent(trackingNumber));

/** How many units of an order have left, as an order's delivery words say it ("partially shipped"). */
export const PARTIALLY_SHIPPED = 'partially shipped';

/** PATCH /admin/tools/{id}/warranty: whether each unit needs its serial number when it ships, and the warranty (null: the shop's WARRANTY_MONTHS). */
export const toolWarrantySchema = z.object({
  serialised: z.boolean({ error: 'Say whether each unit carries a serial number (true or false)' }),
  warrantyMonths: z.number({ error: 'Warranty must be a whole number of months' }).int('Warranty must be a whole number of months').min(0, 'Warranty cannot be negative').max(1200, 'Warranty is at most 1200 months').nullable(),
});
export type ToolWarranty = z.infer<typeof toolWarrantySchema>;

/** GET /warranty/{serial}: the unit with that serial number, whose buyer and admins may ask. */
export const warrantyAnswerSchema = z.object({
  serialNumber: z.string(),
  toolId: z.string().nullable(),
  product: z.string(),
  orderId: entityIdSchema,
  shippedAt: z.string(),
  warrantyMonths: z.number().int(),
  /** The last day covered (UTC date): the shipment's day plus the warranty's months. */
  warrantyUntil: z.string(),
  covered: z.boolean(),
});
export type WarrantyAnswer = z.infer<typeof warrantyAnswerSchema>;

/** A parcel of an order, as the packing slip's address names them. */
export const packingSlipParamsSchema = z.object({ id: text().max(100), shipmentId: text().max(100) });

export const serialParamsSchema = z.object({ serial: serialNumberSchema });

/** The last day a warranty of `months` from `shippedAt` covers (UTC), as YYYY-MM-DD; a month past a shorter month's end ends on that month's last day. */
export function warrantyUntil(shippedAt: Date, months: number): string {
  const year = shippedAt.getUTCFullYear();
  const month = shippedAt.getUTCMonth() + months;
  const lastDayOfTarget = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(shippedAt.getUTCDate(), lastDayOfTarget);
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}
