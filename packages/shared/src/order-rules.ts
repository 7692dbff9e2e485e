import { formatMoney, fromCents, PAYMENT_MAXIMUM_CENTS, toCents } from './money.ts';
import { PAYMENT_MAXIMUM } from './shop-constants.ts';
import { formatCount } from './shop-constants.ts';

/**
 * The most units of a tool one card payment pays for: the card maximum limits an order, not the
 * stock (issue 26). Counted in cents, so $999,999.99 divides exactly.
 */
export const unitsOnePaymentTakes = (unitPrice: number) => Math.floor(PAYMENT_MAXIMUM_CENTS / toCents(unitPrice));

/** A tool's bounds on the units of one order: its minimum, what can still be promised, and, given its unit price, what one card payment takes. */
export interface QuantityLimits {
  minimum: number;
  orderable: number;
  unitPrice?: number;
}

/** Which bound an order's units break, with the words the buyer reads. */
export interface QuantityBreach {
  code: 'below_minimum' | 'above_orderable' | 'over_one_payment';
  message: string;
}

/**
 * The one rule of an order's quantity (issue 44): at least the tool's minimum, at most what can
 * still be ordered, at most what one card payment takes; the first bound broken, in that order, or
 * null. The cart, the purchase form, placing (linesWithinStock, the one-tool fast path) all ask it;
 * the SQL that checks the locked row (orders/lifecycle/units.ts, quantityWithinBoundsSql) is held
 * to it by a test. `units` is what the order holds of the tool in all, when its lines are counted
 * together (the minimum is a line's, the other bounds the order's).
 */
export function quantityBreach(limits: QuantityLimits, quantity: number, units = quantity): QuantityBreach | null {
  if (quantity < limits.minimum) return { code: 'below_minimum', message: orderQuantityMessages.tooFew(limits.minimum) };
  if (units > limits.orderable) return { code: 'above_orderable', message: orderQuantityMessages.tooMany(limits.orderable) };
  if (limits.unitPrice !== undefined && units > unitsOnePaymentTakes(limits.unitPrice)) {
    return { code: 'over_one_payment', message: orderQuantityMessages.overOnePayment(limits.unitPrice) };
  }
  return null;
}

/**
 * What `quantity` units at `unitPrice` cost, counted in whole cents as the card payment is (the
 * server stores the same product in cents), so a total on screen is never off by a rounding.
 */
export const orderTotal = (unitPrice: number, quantity: number) => fromCents(toCents(unitPrice) * quantity);

export const orderQuantityMessages = {
  /** An order no card payment could take, refused when it is placed rather than on the payment page. */
  overOnePayment: (unitPrice: number) =>
    `One card payment takes at most ${formatMoney(PAYMENT_MAXIMUM)}: at ${formatMoney(unitPrice)} a unit, order at most ${formatCount(unitsOnePaymentTakes(unitPrice))} in one order.`,
  /** An order of several tools whose total no card payment could take. */
  totalOverOnePayment: (total: number) => `One card payment takes at most ${formatMoney(PAYMENT_MAXIMUM)}: this order comes to ${formatMoney(total)}.`,
  tooMany: (available: number) => `**Order quantity can't be greater than ${available}`,
  tooFew: (minimum: number) => `**Order quantity can't be less than ${minimum}`,
  /** At payment: paid, unshipped orders already hold the rest of the stock. */
  onlyLeft: (orderable: number) =>
    orderable > 0 ? `Only ${orderable} left: lower the quantity` : 'Out of stock: the last units were just sold',
};

