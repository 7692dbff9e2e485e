import { PAYMENT_MAXIMUM } from './shop-constants.ts';

/**
 * Every amount the shop shows, as people read money, always with both decimals (product.md):
 * "$159.00", "$1,000,000.00", "$999,999.99". Whole amounts keep their ".00" so that a list never
 * mixes "$159" with "$249.99".
 */
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMoney(amount: number): string {
  return dollarsAndCents.format(amount);
}

/*
 * Money inside the shop is integer cents (decision 035): sums of cents are exact, sums of dollars in
 * binary floating point are not (0.1 + 0.2). The API speaks dollars with at most two decimals
 * (19.95), so amounts cross the boundary through `toCents` and `fromCents` only.
 */

/** The card maximum in cents: the most one payment may charge (PAYMENT_MAXIMUM, Stripe's limit for USD). */
export const PAYMENT_MAXIMUM_CENTS = toCents(PAYMENT_MAXIMUM);

/** Whether a charge fits on one card payment. */
export function withinPaymentMaximum(cents: number): boolean {
  return cents <= PAYMENT_MAXIMUM_CENTS;
}

/**
 * Whether an API amount is a whole number of cents: 19.95 is, 19.955 is not. 19.95 * 100 is
 * 1994.9999999999998 in floating point, so the test rounds to cents and checks that the cents
 * divided back give the same number (a division by 100 is rounded to the nearest double, which is
 * the double the amount was written as).
 */
export function hasWholeCents(amount: number): boolean {
  if (!Number.isFinite(amount)) return false;
  const cents = Math.round(amount * 100);
  return Number.isSafeInteger(cents) && cents / 100 === amount;
}

/** An API amount (dollars, two decimals at most) in cents: 19.95 -> 1995. Throws on more decimals. */
export function toCents(amount: number): number {
  if (!hasWholeCents(amount)) throw new RangeError(`${amount} is not an amount in whole cents`);
  return Math.round(amount * 100);
}

/** Cents as the API's amount: 1995 -> 19.95 (the nearest double, which prints as 19.95). */
export function fromCents(cents: number): number {
  assertWholeCents(cents);
  return cents / 100;
}

/** Cents as a plain amount with both decimals, for files a spreadsheet reads: 1995 -> "19.95", -500 -> "-5.00". */
export function centsAsAmountText(cents: number): string {
  return fromCents(cents).toFixed(2);
}

/**
 * The same conversion in SQL, for answers PostgreSQL builds as JSON: numeric rounded to two places,
 * so JSON writes 19.95, never 19.9500000 (the division is exact in numeric).
 */
export const centsAsAmountSql = (column: string) => `round(${column}::numeric / 100, 2)`;

/** Cents as people read money, with both decimals ("$19.95", "$20.00"). */
export function formatCents(cents: number): string {
  return formatMoney(fromCents(cents));
}

export function assertWholeCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${cents} is not a whole number of cents`);
}

/**
 * numerator / denominator rounded to the nearest integer, a half away from zero ("half-up", as
 * merchants and tax offices round: 4.5 -> 5, -4.5 -> -5), computed on integers so that no
 * floating-point quotient decides a tie. The operands must be safe integers, the denominator positive.
 */
export function divideRoundingHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`cannot divide ${numerator} by ${denominator} in whole numbers`);
  }
  if (numerator < 0) return -divideRoundingHalfUp(-numerator, denominator);
  const quotient = Math.floor(numerator / denominator);
  // The float quotient may be one off near an integer; the remainder, exact in integers, corrects it.
  let remainder = numerator - quotient * denominator;
  let whole = quotient;
  if (remainder < 0) {
    whole -= 1;
    remainder += denominator;
  } else if (remainder >= denominator) {
    whole += 1;
    remainder -= denominator;
  }
  return 2 * remainder >= denominator ? whole + 1 : whole;
}

/**
 * amount x times / per, rounded half-up: a share of an amount (a percentage, a rate's VAT). The
 * product is exact: in BigInt when it would pass 2^53.
 */
export function scaleRoundingHalfUp(amount: number, times: number, per: number): number {
  const product = amount * times;
  if (Number.isSafeInteger(product)) return divideRoundingHalfUp(product, per);
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(times) || !Number.isSafeInteger(per) || per <= 0) {
    throw new RangeError(`cannot scale ${amount} by ${times}/${per} in whole numbers`);
  }
  const big = BigInt(amount) * BigInt(times);
  const magnitude = big < 0n ? -big : big;
  const bigPer = BigInt(per);
  const rounded = (2n * magnitude + bigPer) / (2n * bigPer);
  return Number(big < 0n ? -rounded : rounded);
}

/**
 * A percentage (up to two decimals: 12.5, 5.5) in hundredths of a percent, so that "percent of an
 * amount" stays a division of integers: 12.5 -> 1250.
 */
export function percentInHundredths(percent: number): number {
  if (!isPercentWithTwoDecimals(percent)) {
    throw new RangeError(`${percent} is not a percentage between 0 and 100 with two decimals at most`);
  }
  return Math.round(percent * 100);
}

/** Whether a number is a percentage from 0 to 100 with two decimals at most (19, 5.5, 12.25). */
export function isPercentWithTwoDecimals(percent: number): boolean {
  return Number.isFinite(percent) && percent >= 0 && percent <= 100 && Math.round(percent * 100) / 100 === percent;
}

/** Hundredths of a percent as the percentage the API speaks: 1250 -> 12.5. */
export function percentFromHundredths(hundredths: number): number {
  return hundredths / 100;
}

/** `percent` % of an amount in cents, rounded half-up: 10 % of 123436 -> 12344. */
export function percentOfCents(cents: number, percent: number): number {
  assertWholeCents(cents);
  return scaleRoundingHalfUp(cents, percentInHundredths(percent), 10_000);
}

/**
 * Spreads a sum of cents over parts in proportion to their weights, so that the shares add up to
 * the sum exactly (largest remainder, Hamilton's method): every part gets the whole cents of its
 * exact share, and the cents left over go one each to the parts with the largest fractions; equal
 * fractions go to the earlier part, so the same input always gives the same spread. A part of
 * weight 0 gets nothing. Used for a coupon over lines and rates, and a rate's VAT over its lines.
 * Computed in BigInt: a weight times the sum can pass 2^53 (two lines near the card maximum).
 */
export function spreadByLargestRemainder(sum: number, weights: readonly number[]): number[] {
  assertWholeCents(sum);
  if (sum < 0) throw new RangeError(`cannot spread a negative sum (${sum})`);
  let totalWeight = 0n;
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`${weight} is not a weight in whole cents`);
    totalWeight += BigInt(weight);
  }
  if (sum === 0) return weights.map(() => 0);
  if (totalWeight === 0n) throw new RangeError(`cannot spread ${sum} over parts that weigh nothing`);
  const bigSum = BigInt(sum);
  const shares: number[] = [];
  const remainders: bigint[] = [];
  let left = sum;
  for (const weight of weights) {
    const exact = BigInt(weight) * bigSum;
    const share = Number(exact / totalWeight);
    shares.push(share);
    remainders.push(exact % totalWeight);
    left -= share;
  }
  // At most one cent per part is left over (the fractions add up to less than the number of parts).
  const byLargestRemainder = weights
    .map((_, index) => index)
    .sort((a, b) => (remainders[b] > remainders[a] ? 1 : remainders[b] < remainders[a] ? -1 : a - b));
  for (let i = 0; i < left; i += 1) shares[byLargestRemainder[i]] += 1;
  return shares;
}
