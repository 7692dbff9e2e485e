import { formatMoney, fromCents, PAYMENT_MAXIMUM_CENTS, toCents } from './money.ts';
import { PAYMENT_MAXIMUM } from './shop-constants.ts';
import { formatCount } from './shop-constants.ts';

/**
 * The most units of a tool one card payment pays for: the card maximum limits an order, not the
 * stock (issue 26). Counted in cents, so $999,999.99 divides exactly.
 */
export const unitsOnePaymentTakes = (unitPrice: number) => Math.floor(PAYMENT_MAXIMUM_CENTS / toCents(unitPrice));

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

