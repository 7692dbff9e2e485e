import { z } from 'zod';
import { text } from './text.ts';
import { quantityField } from './order.ts';
import { CART_LINE_PROBLEMS, CART_MAX_LINES, CART_MAX_QUANTITY, type Cart, type CartLine, type CartLineProblem, type CustomerLinePrice } from './cart-rules.ts';
import { formatCount } from './validation-messages.ts';
import { listPictureSchema } from './tool-pictures.ts';

/** The cart's requests and answers (issue 28); its rules are in cart-rules.ts. */

const cartLineProblemSchema: z.ZodType<CartLineProblem> = z.object({ code: z.enum(CART_LINE_PROBLEMS), message: z.string() });

const customerLinePriceSchema: z.ZodType<CustomerLinePrice> = z.object({
  groupName: z.string().describe("The customer's group, as in \"Your Trade price\"."),
  withoutVat: z.boolean().describe('The group shows prices without VAT: the displayed figures say so.'),
  displayedPrice: z.number().describe('unitPrice as the customer sees it: without VAT for a group that shows prices so.'),
  displayedAddedUnitPrice: z.number().describe('addedUnitPrice as the customer sees it.'),
  displayedLineTotal: z.number().describe('lineTotal as the customer sees it: without VAT, the VAT in lineTotal taken out as the invoice takes it out.'),
});

const cartLineSchema: z.ZodType<CartLine> = z.object({
  toolId: z.string(),
  toolName: z.string(),
  img: z.string(),
  picture: listPictureSchema.optional().describe("The tool's img in sizes (srcsets in WebP and its own format), while img is its gallery's first picture."),
  unitPrice: z.number().describe("What a unit costs the caller now, as checkout charges it: the tool's price, or their group's at the tier the line's units reach. Every total of the cart is at the current prices."),
  quantity: z.number().int(),
  lineTotal: z.number().describe('unitPrice x quantity; 0 for a tool no longer sold.'),
  addedUnitPrice: z.number().describe("The caller's unit price when the line was added (their group's, at the tier the line's units reach now): the page says so when it differs from unitPrice."),
  minimumOrderQuantity: z.number().int().describe("The least the caller may order: their group's minimum where it sets one, else the tool's."),
  maximumQuantity: z.number().int().describe('The most units the line may hold now: what can be promised, and what one card payment takes; 0 once the tool is deleted.'),
  problem: cartLineProblemSchema
    .nullable()
    .describe('Why the line cannot be ordered as it stands (tool deleted, out of stock, quantity outside what can be ordered); null when it can.'),
  customerPrice: customerLinePriceSchema
    .optional()
    .describe("The line as the caller's group shows it; only where that is not the list price as the tool's public answer says it."),
});

const displayedSubtotalField = z.number().optional().describe('The subtotal as the lines show it (the sum of their displayed totals); only when a line has customerPrice.');

export const cartSchema: z.ZodType<Cart> = z.object({
  lines: z.array(cartLineSchema),
  subtotal: z.number().describe("The lines' totals at the current prices."),
  units: z.number().int().describe('Units in all, as the navbar counts them.'),
  displayedSubtotal: displayedSubtotalField,
});

/** PUT /api/cart/lines/{toolId}: how many units the line holds (digits as text are taken, as on the purchase form). */
export const cartQuantitySchema = z.object({ quantity: quantityField });

export const cartToolParamsSchema = z.object({ toolId: text().max(100) });

/** POST /api/cart/merge: a visitor's browser cart, added to the account's at sign-in. */
export const cartMergeSchema = z.object({
  lines: z
    .array(
      z.object({
        toolId: text().max(100),
        quantity: z
          .number()
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(CART_MAX_QUANTITY, `Quantity can be at most ${formatCount(CART_MAX_QUANTITY)}`),
      }),
    )
    .max(CART_MAX_LINES, `A cart holds at most ${CART_MAX_LINES} different tools`),
});
export type CartMerge = z.infer<typeof cartMergeSchema>;

/** The merged cart, and in words each line that could not be taken as it was. */
export const cartMergeAnswerSchema = z.object({ lines: z.array(cartLineSchema), subtotal: z.number(), units: z.number().int(), displayedSubtotal: displayedSubtotalField, notes: z.array(z.string()) });
export type CartMergeAnswer = z.infer<typeof cartMergeAnswerSchema>;
