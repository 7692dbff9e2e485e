import { formatMoney, isPercentWithTwoDecimals, PAYMENT_MAXIMUM_CENTS } from './money.ts';
import { z } from 'zod';
import { text, textWithLines } from './text.ts';
import { entityIdSchema } from './id.ts';
import { PAYMENT_MAXIMUM } from './shop-constants.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';
import { formatCount } from './validation-messages.ts';
import { amountInputSchema } from './amount-input.ts';
import { wholeNumberSchema } from './whole-number.ts';
import { gtinInputSchema, skuInputSchema } from './tool-codes.ts';
import { listPictureSchema } from './tool-pictures.ts';


/** A tool of the catalogue, as the API answers it (product.md, "Things the shop keeps"). */
export const toolSchema = z.object({
  _id: entityIdSchema,
  toolName: z.string(),
  description: z.string(),
  img: z.string(),
  price: z.number(),
  minimumOrderQuantity: z.number().int(),
  /** Physical stock: drops when an order ships (product.md, "States"). */
  availableQuantity: z.number().int(),
  /**
   * What can still be ordered and paid for: the stock minus the units promised to paid orders not
   * yet shipped (never below 0). Below `minimumOrderQuantity` the tool is out of stock (stock.ts).
   */
  orderableQuantity: z.number().int(),
  /** Its own VAT rate in percent (a reduced or zero rate); null: the shop's standard rate (issue 29). */
  vatRate: z.number().nullable(),
  /** The shop's own code for it, unique; null: none given (tool-codes.ts). */
  sku: z.string().nullable(),
  /** Its EAN/GTIN's digits (8, 12, 13 or 14, check digit verified), unique; null: none given. */
  gtin: z.string().nullable(),
  /** Each unit carries a serial number that shipping must name (issue 38, decision 046). */
  serialised: z.boolean(),
  /** Its warranty in months; null: the shop's WARRANTY_MONTHS. */
  warrantyMonths: z.number().int().nullable(),
  /** Its `img` in sizes (issue 40, item 4): present only while `img` is its gallery's first picture. */
  picture: listPictureSchema.optional(),
});
export type Tool = z.infer<typeof toolSchema>;

/** A VAT rate in percent with at most two decimals (5.5, 7, 0); empty or null: the shop's standard rate. */
const vatRateInputSchema = z
  .union([z.number(), z.null(), text().max(10)])
  .transform((value, context) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const rate = typeof value === 'number' ? value : Number(value.trim());
    if (!isPercentWithTwoDecimals(rate)) {
      context.addIssue({ code: 'custom', message: 'VAT rate must be a percentage from 0 to 100 with at most two decimals (such as 7 or 5.5)' });
      return z.NEVER;
    }
    return rate;
  });

/** What an admin sends to add a tool. */
export const toolInputSchema = z.object({
  toolName: text().trim().min(1, 'Tool name is required').max(TEXT_LIMITS.toolName, tooLongMessage('Tool name', TEXT_LIMITS.toolName)),
  description: textWithLines()
    .trim()
    .min(1, 'Description is required')
    .max(TEXT_LIMITS.toolDescription, tooLongMessage('Description', TEXT_LIMITS.toolDescription)),
  // Pictures the shop serves itself only: an upload, or one of the shipped catalogue drawings.
  img: text()
    .trim()
    .min(1, 'Image is required')
    .max(TEXT_LIMITS.picture, tooLongMessage('Image', TEXT_LIMITS.picture))
    .regex(/^\/(api\/images\/[0-9a-f-]{36}|images\/[a-z0-9/_-]+\.(svg|webp|png|jpe?g))$/, 'Image must be an uploaded picture'),
  // Dollars and cents (19.95): a price with VAT in it rarely ends in whole dollars (issue 29).
  price: amountInputSchema('Unit price', { min: 0.01, max: 1_000_000, minMessage: 'Unit price must be greater than 0' }),
  minimumOrderQuantity: wholeNumberSchema('Minimum order quantity', { min: 1, max: 1_000_000 }),
  availableQuantity: wholeNumberSchema('Available quantity', {
    min: 0,
    max: 10_000_000,
    minMessage: 'Available quantity cannot be negative',
  }),
  vatRate: vatRateInputSchema.optional(),
  // Optional, so a spec client's tool stays valid; empty or null: none (an edit takes it away).
  sku: skuInputSchema.optional(),
  gtin: gtinInputSchema.optional(),
});
export type ToolInput = z.infer<typeof toolInputSchema>;

export const toolIdParamsSchema = z.object({ toolId: text() });

/**
 * PATCH /updateTool/{id}: the spec's three numbers (required whole numbers, as a spec client sends
 * them), and optionally a new name, description or picture (issue 16: the whole tool is editable).
 */
/** A tool's specifications as the admin sends them (issue 40): attribute id -> a number, a choice, yes/no (true/false); null clears one. */
const specificationsInputSchema = z.record(
  entityIdSchema,
  z.union([
    z.number(),
    z.boolean(),
    text().trim().max(TEXT_LIMITS.attributeChoice, tooLongMessage('Specification value', TEXT_LIMITS.attributeChoice)),
    z.null(),
  ]),
);
export type SpecificationsInput = z.infer<typeof specificationsInputSchema>;

export const toolUpdateSchema = toolInputSchema
  .partial({ toolName: true, description: true, img: true })
  .extend({
    // Issue 40, optional so the spec's body stays valid: its category (null: none), and its
    // specifications, which replace the tool's when sent (categories/tool-specifications.ts checks them by kind).
    categoryId: entityIdSchema.nullable().optional(),
    specifications: specificationsInputSchema.optional(),
  })
  .strict();
export type ToolUpdate = z.infer<typeof toolUpdateSchema>;

/**
 * PATCH /getTool?toolName=: the body of the spec's separate stock reduction, kept for old clients.
 * The call moves no stock (Deliver did), so the quantity is only documented, as a number or the
 * form's text a spec client sends.
 */
export const stockCallSchema = z.object({ quantity: z.union([z.number(), text().max(20)]).optional() }).optional();

/**
 * A tool must be orderable by card: its smallest order (the minimum order quantity at the unit
 * price) may not cost more than one payment can take. The stock is not limited by it (issue 26:
 * 300 units at $5,000 is a shelf, not an order); an order past one payment is refused when it is
 * placed (orderQuantityMessages.overOnePayment). Cents, so 999999.99 compares exactly.
 */
const fitsOnePayment = (tool: Pick<ToolInput, 'price' | 'minimumOrderQuantity'>) =>
  Math.round(tool.price * 100) * tool.minimumOrderQuantity <= PAYMENT_MAXIMUM_CENTS;
/** Written when asked, not when this module loads: the amount is in the shop's currency, known only once the shop says it (money.ts). */
export const payableToolMessage = () =>
  `Unit price x minimum order quantity can be at most ${formatMoney(PAYMENT_MAXIMUM)}, the most one card payment takes: lower the price or the minimum order quantity.`;

/**
 * A tool schema (the add form, the update body) that also refuses a price and minimum order whose
 * smallest order no card payment could take, on the price field. Checked as soon as both numbers
 * are right, so the admin reads it beside the other fields' messages rather than after fixing them.
 */
export const payableTool = <T extends z.ZodType<{ price: number; minimumOrderQuantity: number }>>(schema: T) =>
  schema.refine(fitsOnePayment, {
    error: () => payableToolMessage(),
    path: ['price'],
    // Not on a body that is no object at all (null): there is no price to compare, only that refusal.
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some((issue) => issue.path?.[0] === 'price' || issue.path?.[0] === 'minimumOrderQuantity'),
  });

/** Tool names are unique (the spec's stock call finds a tool by name): adding or renaming to a taken one is refused. */
export const toolNameTakenMessage = (toolName: string) => `A tool named "${toolName}" already exists.`;

/** An admin edit may not take the stock below the units paid, unshipped orders were promised. */
export const stockBelowPromisedMessage = (promised: number) =>
  `Paid orders not yet shipped hold ${formatCount(promised)} ${promised === 1 ? 'unit' : 'units'} of this tool: the available quantity cannot go below ${formatCount(promised)}. Ship or refund those orders first.`;

/** The answer to PATCH /updateTool/{id}; `warning` when customers cannot order the tool as saved. */
export const toolUpdateAnswerSchema = z.object({
  acknowledged: z.boolean(),
  modifiedCount: z.number().int(),
  warning: z.string().optional(),
});
export const minimumAboveStockWarning = (minimum: number, orderable: number) =>
  `Saved, but customers cannot order this tool: the minimum order quantity (${minimum}) is more than can be ordered (${orderable}).`;

/** A deleted tool sells nothing more (product.md, "States"): its orders' refusals, and the deletion's own. */
export const toolDeletionMessages = {
  /** Paying an unpaid order whose tool is gone (one deleted before deletions cancelled such orders). */
  noLongerSold: 'This tool is no longer sold, so this order can no longer be paid.',
  /** A deletion must not leave paid orders waiting for units the shop does not have. */
  owesUnits: (promised: number, available: number) =>
    `Paid orders not yet shipped wait for ${formatCount(promised)} ${promised === 1 ? 'unit' : 'units'} of this tool and only ${formatCount(available)} ${available === 1 ? 'is' : 'are'} in stock: restock it, or refund those orders, before deleting it.`,
};
