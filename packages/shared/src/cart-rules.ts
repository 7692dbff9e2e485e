import { formatMoney, fromCents, toCents } from './money.ts';
import { orderTotal, quantityBreach, unitsOnePaymentTakes } from './order-rules.ts';
import { isOutOfStock } from './stock.ts';
import type { Tool } from './tool.ts';
import { formatCount } from './shop-constants.ts';

/**
 * The cart's rules (issue 28): a visitor's cart lives in the browser, a customer's on the server,
 * and both are read through these, so the page says the same whoever holds the cart
 * (docs/decisions/034). No zod here: the public tool page adds to the cart with them.
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
  /** Beside a line that cannot be ordered as it stands. */
  notInSubtotal: 'Not counted in the subtotal until it is changed or removed.',
  /** Where Checkout would be while such a line is in the cart. */
  checkoutWaits: 'Change or remove the lines marked above to check out: they are not counted in the subtotal.',
};

/** Why a line cannot be ordered as it stands; checkout waits until each is changed or removed. */
export const CART_LINE_PROBLEMS = ['tool_deleted', 'out_of_stock', 'below_minimum', 'above_orderable', 'over_one_payment'] as const;
type CartLineProblemCode = (typeof CART_LINE_PROBLEMS)[number];
export interface CartLineProblem {
  code: CartLineProblemCode;
  message: string;
}

/** A tool's limits as the cart reads them (a Tool as the catalogue answers it). */
export type CartTool = Pick<Tool, 'toolName' | 'img' | 'picture' | 'price' | 'minimumOrderQuantity' | 'orderableQuantity' | 'availableQuantity'>;

/** The most units of a tool one order may hold: what can be promised, and what one card payment takes. */
export const mostOrderable = (tool: Pick<CartTool, 'price' | 'orderableQuantity'>) => Math.min(tool.orderableQuantity, unitsOnePaymentTakes(tool.price));

/**
 * Why `quantity` units of `tool` cannot be ordered, or null when they can. The one place the cart's
 * quantity rules are decided: a change is refused with it, a stored line answers it, the tool
 * page's quantity field is bounded by it.
 */
export function quantityProblem(tool: Omit<CartTool, 'img'>, quantity: number): CartLineProblem | null {
  const breach = quantityBreach({ minimum: tool.minimumOrderQuantity, orderable: tool.orderableQuantity, unitPrice: tool.price }, quantity);
  // Below its minimum is told first; then a tool out of stock says so rather than "at most 0".
  if (breach?.code !== 'below_minimum' && isOutOfStock(tool)) return { code: 'out_of_stock', message: cartMessages.outOfStock(tool.toolName) };
  return breach;
}

/** What a cart keeps of a line: the tool, how many, and what a unit cost when it was added. */
export interface StoredCartLine {
  toolId: string;
  quantity: number;
  addedUnitPrice: number;
  /** The tool's name and picture when it was last changed: all that is left to show once it is deleted. */
  toolName: string;
  img: string;
}

/** A line as the cart answers it (cart.ts describes each field for the API document). */
export interface CartLine {
  toolId: string;
  toolName: string;
  img: string;
  /** The tool's picture in sizes, while its img is its gallery's first (Tool's `picture`). */
  picture?: Tool['picture'];
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  addedUnitPrice: number;
  minimumOrderQuantity: number;
  maximumQuantity: number;
  problem: CartLineProblem | null;
  /** Only where the signed-in customer's price is not the list price as shown (their group's price, or prices without VAT). */
  customerPrice?: CustomerLinePrice;
}

/**
 * A line as a customer of a group sees it (decision 072, amended): the server works out each
 * figure (pricing/group-prices.ts), so the page shows them without any arithmetic of its own.
 */
export interface CustomerLinePrice {
  /** Their group's name ("Trade"), for the words "Your Trade price". */
  groupName: string;
  withoutVat: boolean;
  /** The unit price as they see it: without VAT for a group that shows prices so. */
  displayedPrice: number;
  /** addedUnitPrice as they see it. */
  displayedAddedUnitPrice: number;
  /** The line's total as they see it: without VAT, the VAT taken out of lineTotal as the invoice takes it out. */
  displayedLineTotal: number;
}

export interface Cart {
  lines: CartLine[];
  subtotal: number;
  units: number;
  /** The subtotal of the lines as shown (their displayed totals), when a line shows the customer's own price. */
  displayedSubtotal?: number;
}

/** A line as the page shows it: `tool` is the tool now, or null once it is deleted. */
export function cartLineOf(stored: StoredCartLine, tool: CartTool | null): CartLine {
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
    ...(tool.picture ? { picture: tool.picture } : {}),
    unitPrice: tool.price,
    quantity: stored.quantity,
    lineTotal: orderTotal(tool.price, stored.quantity),
    addedUnitPrice: stored.addedUnitPrice,
    minimumOrderQuantity: tool.minimumOrderQuantity,
    maximumQuantity: mostOrderable(tool),
    problem: quantityProblem(tool, stored.quantity),
  };
}

/**
 * The cart of these lines, totalled in whole cents. A line that cannot be ordered as it stands (out
 * of stock, above what can be ordered, deleted) is left out of the subtotal until it is changed or
 * removed (issue 43): the subtotal is what checkout could charge, and checkout waits for such lines.
 */
export function cartOf(lines: CartLine[]): Cart {
  const total = (lineTotal: (line: CartLine) => number) => fromCents(lines.reduce((sum, line) => (line.problem ? sum : sum + toCents(lineTotal(line))), 0));
  const cart: Cart = { lines, subtotal: total((line) => line.lineTotal), units: lines.reduce((sum, line) => sum + line.quantity, 0) };
  if (lines.some((line) => line.customerPrice)) cart.displayedSubtotal = total((line) => line.customerPrice?.displayedLineTotal ?? line.lineTotal);
  return cart;
}

/** What the page says of a line whose price moved since it was added. */
export const priceChangedMessage = (line: Pick<CartLine, 'addedUnitPrice' | 'unitPrice'>) =>
  `The price changed since you added it: was ${formatMoney(line.addedUnitPrice)}, now ${formatMoney(line.unitPrice)}.`;

/** What a merge says of a line it changed or left out. */
export const cartMergeNotes = {
  capped: (toolName: string, asked: number, held: number) =>
    `${toolName}: ${formatCount(asked)} in your carts together, but at most ${formatCount(held)} can be ordered, so your cart holds ${formatCount(held)}.`,
  raised: (toolName: string, asked: number, minimum: number) =>
    `${toolName}: ${formatCount(asked)} is below its minimum order of ${formatCount(minimum)}, so your cart holds ${formatCount(minimum)}.`,
  outOfStock: (toolName: string) => `${toolName} is out of stock just now, so it was not added.`,
  gone: (count: number) =>
    `${count === 1 ? 'A tool' : `${formatCount(count)} tools`} of your cart ${count === 1 ? 'is' : 'are'} no longer sold, so ${count === 1 ? 'it was' : 'they were'} left out.`,
  full: (count: number) => `A cart holds at most ${CART_MAX_LINES} different tools: ${formatCount(count)} ${count === 1 ? 'was' : 'were'} left out.`,
};
