import { z } from 'zod';
import { entityIdSchema } from './id.ts';
import { pageQuerySchema } from './paging.ts';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/**
 * Returns (issue 38, items 3 and 4): a customer sends units of a shipped order back, by the EU
 * withdrawal right (art. 11a of Directive 2011/83/EU, "Withdraw from contract") or under warranty.
 */
export const RETURN_REASONS = ['withdrawal', 'faulty', 'wrong item', 'damaged in transport'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** requested -> authorised | refused; authorised -> received -> refunded. */
export const RETURN_STATUSES = ['requested', 'authorised', 'refused', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The label of the withdrawal button the directive asks for, and of the warranty one after it. */
export const WITHDRAW_BUTTON = 'Withdraw from contract';
export const RETURN_BUTTON = 'Return or claim warranty';

/** The most units one return line takes: an order's line never holds more. */
const MAX_RETURN_UNITS = 100_000;

/** The words of every refusal of a return, for the server and the forms alike. */
export const returnMessages = {
  noLines: 'Say which tools you send back',
  repeatedTool: 'Name each tool once: give its units in one line',
  badQuantity: 'Units must be a whole number of at least 1',
  badReason: `Pick a reason: ${RETURN_REASONS.join(', ')}`,
  notShipped: 'Nothing of this order has been shipped yet: there is nothing to send back. You can still ask us to cancel it.',
  notInOrder: (toolId: string) => `Tool ${toolId} is not in this order.`,
  moreThanShipped: (product: string, left: number) =>
    left === 0
      ? `Every shipped unit of ${product} is already in a return.`
      : `Only ${left} ${left === 1 ? 'unit' : 'units'} of ${product} ${left === 1 ? 'was' : 'were'} shipped and not yet returned.`,
  withdrawalOver: (until: string) => `The 14-day withdrawal period of this order ended on ${until}. You can still return a faulty tool under its warranty.`,
  warrantyOver: (product: string, until: string) => `The warranty of ${product} ended on ${until}.`,
  serialPerUnit: (product: string, units: number) => `${product} is serialised: name the serial number of each of the ${units} ${units === 1 ? 'unit' : 'units'} you send back.`,
  serialNotYours: (serial: string, product: string) => `Serial number ${serial} is not a unit of ${product} shipped in this order.`,
  serialReturned: (serial: string) => `Serial number ${serial} is already in a return.`,
  repeatedSerial: (serial: string) => `Serial number ${serial} is given twice.`,
  notRequested: (status: ReturnStatus) => `This return is ${status}: only a requested return can be authorised or refused.`,
  notAuthorised: (status: ReturnStatus) => (status === 'received' || status === 'refunded' ? 'This return has already been received.' : `This return is ${status}: only an authorised return can be received.`),
  notReceived: (status: ReturnStatus) => (status === 'refunded' ? 'This return has already been refunded.' : `This return is ${status}: receive its units before refunding it.`),
  receiveLines: 'Say for each line of the return how many units came back and whether they go back to stock',
  receiveNotInReturn: (toolId: string) => `Tool ${toolId} is not in this return.`,
  receiveMoreThanReturned: (product: string, units: number) => `The return holds ${units} ${units === 1 ? 'unit' : 'units'} of ${product}.`,
  nothingToRefund: 'Nothing of this order is left to refund.',
  pastPaid: (left: string) => `At most ${left} of this order is left to refund.`,
};

const serialNumberSchema = text()
  .trim()
  .min(1, 'A serial number cannot be empty')
  .max(TEXT_LIMITS.serialNumber, tooLongMessage('Serial number', TEXT_LIMITS.serialNumber));

const unitsSchema = z
  .number({ error: returnMessages.badQuantity })
  .int(returnMessages.badQuantity)
  .min(1, returnMessages.badQuantity)
  .max(MAX_RETURN_UNITS, returnMessages.badQuantity);

const oneToolEach = (lines: readonly { toolId: string }[]) => new Set(lines.map((line) => line.toolId)).size === lines.length;

/** POST /purchasedSingle/{id}/returns: which units go back, why, and a comment. */
export const createReturnSchema = z.object({
  lines: z
    .array(z.object({ toolId: entityIdSchema, quantity: unitsSchema, serialNumbers: z.array(serialNumberSchema).max(MAX_RETURN_UNITS).optional() }))
    .min(1, returnMessages.noLines)
    .max(100, 'A return holds at most 100 lines')
    .refine(oneToolEach, returnMessages.repeatedTool),
  reason: z.enum(RETURN_REASONS, { error: returnMessages.badReason }),
  comment: text()
    .trim()
    .max(TEXT_LIMITS.note, tooLongMessage('Comment', TEXT_LIMITS.note))
    .optional(),
});
export type CreateReturn = z.infer<typeof createReturnSchema>;

/** POST /admin/returns/{id}/authorise: how to send the units back (an address, a label's code). */
export const authoriseReturnSchema = z.object({
  instructions: text()
    .trim()
    .max(TEXT_LIMITS.note, tooLongMessage('Instructions', TEXT_LIMITS.note))
    .optional(),
});

/** POST /admin/returns/{id}/refuse: why, in words the customer reads. */
export const refuseReturnSchema = z.object({
  reason: text()
    .trim()
    .min(1, 'Say why the return is refused')
    .max(TEXT_LIMITS.note, tooLongMessage('Reason', TEXT_LIMITS.note)),
});

/** POST /admin/returns/{id}/receive: per line, the units that came back and whether they go back to stock (else scrapped). */
export const receiveReturnSchema = z.object({
  lines: z
    .array(z.object({ toolId: entityIdSchema, quantity: z.number({ error: returnMessages.badQuantity }).int(returnMessages.badQuantity).min(0, returnMessages.badQuantity).max(MAX_RETURN_UNITS), restock: z.boolean({ error: 'Say whether the units go back to stock (true) or are scrapped (false)' }) }))
    .min(1, returnMessages.receiveLines)
    .max(100)
    .refine(oneToolEach, returnMessages.repeatedTool),
});
export type ReceiveReturn = z.infer<typeof receiveReturnSchema>;

/** POST /admin/returns/{id}/refund: an amount in dollars, or the returned lines' share of what was paid. */
export const refundReturnSchema = z.object({
  amount: z.number({ error: 'Amount must be a number of dollars' }).positive('Amount must be more than 0').max(10_000_000).multipleOf(0.01, 'Amount has at most two decimals').optional(),
});

const returnLineSchema = z.object({
  toolId: z.string().nullable(),
  product: z.string(),
  quantity: z.number().int(),
  serialNumbers: z.array(z.string()),
  /** Set when received: the units that came back, and whether they went back to stock. */
  receivedQuantity: z.number().int().nullable(),
  restocked: z.boolean().nullable(),
});

const returnEventSchema = z.object({ status: z.enum(RETURN_STATUSES), at: z.string(), detail: z.string() });

export const returnSchema = z.object({
  _id: entityIdSchema,
  /** The number people name the return by: `R-<number>`. */
  returnNumber: z.string(),
  orderId: entityIdSchema,
  orderNumber: z.string(),
  buyerEmail: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  comment: z.string(),
  instructions: z.string().nullable(),
  refusalReason: z.string().nullable(),
  /** Dollars, once refunded. */
  refundedAmount: z.number().nullable(),
  requestedAt: z.string(),
  lines: z.array(returnLineSchema),
  history: z.array(returnEventSchema),
});
export type Return = z.infer<typeof returnSchema>;

export const adminReturnsQuerySchema = pageQuerySchema.extend({ status: z.enum(RETURN_STATUSES, { error: `status is one of ${RETURN_STATUSES.join(', ')}` }).optional() });

/** POST /adminPurchased/{id}/shipments/{shipmentId}/delivered: nothing to say but that it arrived (now). */
export const markDeliveredSchema = z.object({}).strict();

/** What My Orders needs to offer the right button: the withdrawal period's and the warranty's last moments (null: nothing shipped). */
export const returnWindowSchema = z.object({ withdrawalUntil: z.string().nullable(), warrantyUntil: z.string().nullable() });
export type ReturnWindow = z.infer<typeof returnWindowSchema>;

/** The return's number as people read it. */
export const formatReturnNumber = (number: number) => `R-${number}`;

/** Which button a shipped order's card shows now: withdrawal while its period runs, then the warranty's, then none. */
export function returnButton(window: ReturnWindow, now: Date): typeof WITHDRAW_BUTTON | typeof RETURN_BUTTON | undefined {
  if (window.withdrawalUntil && now.toISOString() <= window.withdrawalUntil) return WITHDRAW_BUTTON;
  if (window.warrantyUntil && now.toISOString().slice(0, 10) <= window.warrantyUntil) return RETURN_BUTTON;
  return undefined;
}
