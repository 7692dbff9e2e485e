import { z } from 'zod';
import { text } from './text.ts';
import { formatMoney } from './money.ts';
import { orderQuantityMessages, orderTotal, quantityField, unitsOnePaymentTakes } from './order.ts';
import { isOutOfStock, type Tool } from './tool.ts';
import { formatCount } from './validation-messages.ts';

/**
 * The cart (issue 28): a visitor's lives in the browser, a customer's on the server, and both are
 * read through the same rules here, so the page says the same thing whoever holds the cart
 * (docs/decisions/034).
 */

/** The most different tools a cart holds: a basket, not a copy of the catalogue. */
export const CART_MAX_LINES = 50;
/** Quantities a cart stores at most: the most stock a tool can have (toolInputSchema). */
export const CART_MAX_QUANTITY = 10_000_000;

export const cartMessages = {
  full: `A cart holds at most ${CART_MAX_LINES} different tools: remove one to add another.`,
  outOfStock: (toolName: string) => `${toolName} is out of stock just now: it cannot be ordered until it is back.`,
  toolDeleted: (toolName: string) => `${toolName} is no longer sold: remove it from your cart.`,
  notFound: 'Tool not found',
};

/** Why a line cannot be ordered as it stands; checkout waits until each is changed or removed. */
export const CART_LINE_PROBLEMS = ['tool_deleted', 'out_of_stock', 'below_minimum', 'above_orderable', 'over_one_payment'] as const;
export type CartLineProblemCode = (typeof CART_LINE_PROBLEMS)[number];
export const cartLineProblemSchema = z.object({ code: z.enum(CART_LINE_PROBLEMS), message: z.string() });
export type CartLineProblem = z.infer<typeof cartLineProblemSchema>;

/** A tool's limits as the cart reads them. */
type Limits = Pick<Tool, 'toolName' | 'price' | 'minimumOrderQuantity' | 'orderableQuantity'>;
/** A tool as a cart line shows it. */
type ShownTool = Limits & Pick<Tool, 'img'>;

/** The most units of a tool one order may hold: what can be promised, and what one card payment takes. */
export const mostOrderable = (tool: Pick<Tool, 'price' | 'orderableQuantity'>) => Math.min(tool.orderableQuantity, unitsOnePaymentTakes(tool.price));

/**
 * Why `quantity` units of `tool` cannot be ordered, or null when they can. The one place the cart's
 * quantity rules are decided: a change is refused with it, a stored line answers it.
 */
export function quantityProblem(tool: Limits, quantity: number): CartLineProblem | null {
  if (quantity < tool.minimumOrderQuantity) return { code: 'below_minimum', message: orderQuantityMessages.tooFew(tool.minimumOrderQuantity) };
  if (isOutOfStock(tool)) return { code: 'out_of_stock', message: cartMessages.outOfStock(tool.toolName) };
  if (quantity > tool.orderableQuantity) return { code: 'above_orderable', message: orderQuantityMessages.tooMany(tool.orderableQuantity) };
  if (quantity > unitsOnePaymentTakes(tool.price)) return { code: 'over_one_payment', message: orderQuantityMessages.overOnePayment(tool.price) };
  return null;
}

/** What a cart keeps of a line: the tool, how many, and what a unit cost when it was added. */
export interface StoredCartLine {
  toolId: string;
  quantity: number;
  addedUnitPrice: number;
  /** The tool's name and picture when it was added: all that is left to show once it is deleted. */
  toolName: string;
  img: string;
}

export const cartLineSchema = z.object({
  toolId: z.string(),
  toolName: z.string(),
  img: z.string(),
  /** The tool's price now: every total of the cart is at the current prices. */
  unitPrice: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  addedUnitPrice: z.number().describe('The unit price when the line was added: the page says so when it differs from unitPrice.'),
  minimumOrderQuantity: z.number().int(),
  /** The most units this line may hold now (what can be promised, and what one card payment takes); 0 once the tool is deleted. */
  maximumQuantity: z.number().int(),
  problem: cartLineProblemSchema
    .nullable()
    .describe('Why the line cannot be ordered as it stands (tool deleted, out of stock, quantity outside what can be ordered); null when it can.'),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  /** The lines' totals at the current prices; a deleted tool's line counts nothing. */
  subtotal: z.number(),
  /** Units in all, as the navbar counts them. */
  units: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

/** A line as the page shows it: `tool` is the tool now, or null once it is deleted. */
export function cartLineOf(stored: StoredCartLine, tool: ShownTool | null): CartLine {
  if (!tool) {
    return {
      toolId: stored.toolId,
      toolName: stored.toolName,
      img: stored.img,
      unitPrice: stored.addedUnitPrice,
      quantity: stored.quantity,
      lineTotal: 0,
      addedUnitPrice: stored.addedUnitPrice,
      minimumOrderQuantity: 0,
      maximumQuantity: 0,
      problem: { code: 'tool_deleted', message: cartMessages.toolDeleted(stored.toolName) },
    };
  }
  return {
    toolId: stored.toolId,
    toolName: tool.toolName,
    img: tool.img,
    unitPrice: tool.price,
    quantity: stored.quantity,
    lineTotal: orderTotal(tool.price, stored.quantity),
    addedUnitPrice: stored.addedUnitPrice,
    minimumOrderQuantity: tool.minimumOrderQuantity,
    maximumQuantity: mostOrderable(tool),
    problem: quantityProblem(tool, stored.quantity),
  };
}

/** The cart of these lines, totalled in whole cents. */
export function cartOf(lines: CartLine[]): Cart {
  const cents = lines.reduce((sum, line) => sum + Math.round(line.lineTotal * 100), 0);
  return { lines, subtotal: cents / 100, units: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

/** "Was $120, now $135": what the page says of a line whose price moved since it was added. */
export const priceChangedMessage = (line: Pick<CartLine, 'addedUnitPrice' | 'unitPrice'>) =>
  `The price changed since you added it: was ${formatMoney(line.addedUnitPrice)}, now ${formatMoney(line.unitPrice)}.`;

/** PUT /api/cart/lines/{toolId}: how many units the line holds (digits as text are taken, as on the purchase form). */
export const cartQuantitySchema = z.object({ quantity: quantityField });

export const cartToolParamsSchema = z.object({ toolId: text().max(100) });

/** POST /api/cart/merge: a visitor's browser cart, added to the account's at sign-in. */
export const cartMergeSchema = z.object({
  lines: z
    .array(
      z.object({
        toolId: text().max(100),
        quantity: z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(CART_MAX_QUANTITY, `Quantity can be at most ${formatCount(CART_MAX_QUANTITY)}`),
      }),
    )
    .max(CART_MAX_LINES, `A cart holds at most ${CART_MAX_LINES} different tools`),
});
export type CartMerge = z.infer<typeof cartMergeSchema>;

/** The merged cart, and in words each line that could not be taken as it was. */
export const cartMergeAnswerSchema = cartSchema.extend({ notes: z.array(z.string()) });
export type CartMergeAnswer = z.infer<typeof cartMergeAnswerSchema>;

/** What a merge says of a line it changed or left out. */
export const cartMergeNotes = {
  capped: (toolName: string, asked: number, held: number) =>
    `${toolName}: ${formatCount(asked)} in your carts together, but at most ${formatCount(held)} can be ordered, so your cart holds ${formatCount(held)}.`,
  raised: (toolName: string, asked: number, minimum: number) =>
    `${toolName}: ${formatCount(asked)} is below its minimum order of ${formatCount(minimum)}, so your cart holds ${formatCount(minimum)}.`,
  outOfStock: (toolName: string) => `${toolName} is out of stock just now, so it was not added.`,
  gone: (count: number) => `${count === 1 ? 'A tool' : `${formatCount(count)} tools`} of your cart ${count === 1 ? 'is' : 'are'} no longer sold, so ${count === 1 ? 'it was' : 'they were'} left out.`,
  full: (count: number) => `A cart holds at most ${CART_MAX_LINES} different tools: ${formatCount(count)} ${count === 1 ? 'was' : 'were'} left out.`,
};
