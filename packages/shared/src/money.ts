import { PAYMENT_MAXIMUM } from './shop-constants.ts';

/**
 * The shop's one currency and the locale its amounts are written in (SHOP_CURRENCY, SHOP_LOCALE;
 * decision 067). The server reads them from its configuration at start, the web app from the
 * server (the rendered page's state, else GET /api/client-config), and each says them here once,
 * before the first amount is written: every page, mail, document and message of the shop then
 * writes its amounts one way without each caller passing the currency along.
 */
export interface ShopMoney {
  /** ISO 4217, upper case: USD, EUR, GBP, CHF, PLN, SEK... */
  currency: string;
  /** A BCP 47 language tag: how amounts are written (en-US "€1,234.50", de-DE "1.234,50 €"). */
  locale: string;
}

/** The spec's dollars, written as in the United States. */
export const DEFAULT_SHOP_MONEY: ShopMoney = { currency: 'USD', locale: 'en-US' };

/**
 * Money is kept in hundredths of the currency (integer "cents", decision 035) and the API speaks
 * amounts with two decimals, so the shop sells only in currencies whose minor unit is a hundredth.
 */
const MINOR_UNIT_DIGITS = 2;

/** The digits a currency's minor unit has (JPY 0, EUR 2, BHD 3), as the runtime's CLDR data says. */
const minorUnitDigitsOf = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? MINOR_UNIT_DIGITS;

/**
 * Why a currency and locale cannot be the shop's, in words for the operator; undefined when they can.
 * Checked at start (config.ts): an unknown code or locale, or a currency without hundredths, stops the shop.
 */
export function shopMoneyProblem({ currency, locale }: ShopMoney): string | undefined {
  if (!/^[A-Z]{3}$/.test(currency) || !Intl.supportedValuesOf('currency').includes(currency)) {
    return `SHOP_CURRENCY must be an ISO 4217 currency code such as USD, EUR, GBP, CHF, PLN or SEK; "${currency}" is not one`;
  }
  const digits = minorUnitDigitsOf(currency);
  if (digits !== MINOR_UNIT_DIGITS) {
    return `SHOP_CURRENCY ${currency} has ${digits === 0 ? 'no minor unit' : `a minor unit of ${digits} decimals`}; the shop keeps and charges money in hundredths (cents), so it sells only in currencies with two decimals, such as USD, EUR, GBP, CHF, PLN or SEK (decision 067)`;
  }
  try {
    if (Intl.NumberFormat.supportedLocalesOf(Intl.getCanonicalLocales(locale)).length === 0) {
      return `SHOP_LOCALE ${locale} is not a locale this Node.js knows how to write amounts in; use one such as en-US, en-GB, de-DE, fr-FR or pl-PL`;
    }
  } catch {
    return `SHOP_LOCALE must be a language tag such as en-US, en-GB, de-DE, fr-FR or pl-PL; "${locale}" is not one`;
  }
  return undefined;
}

/** Every amount with both decimals, whole ones too, so that a list never mixes "$159" with "$249.99" (product.md). */
const formatterOf = (money: ShopMoney, useGrouping: boolean) =>
  new Intl.NumberFormat(money.locale, {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: MINOR_UNIT_DIGITS,
    maximumFractionDigits: MINOR_UNIT_DIGITS,
    useGrouping,
  });

let shopMoneyNow = DEFAULT_SHOP_MONEY;
let grouped = formatterOf(shopMoneyNow, true);
let ungrouped = formatterOf(shopMoneyNow, false);

/**
 * Says which currency and locale the shop's amounts are in, once, at start (the server from its
 * configuration, the web app from the server). One currency per shop: a process serves one shop.
 */
export function setShopMoney(money: ShopMoney): void {
  shopMoneyNow = { currency: money.currency, locale: money.locale };
  grouped = formatterOf(shopMoneyNow, true);
  ungrouped = formatterOf(shopMoneyNow, false);
}

/** The shop's currency and locale (JSON-LD's priceCurrency, the card gateway's currency, the CSV's column). */
export const shopMoney = (): ShopMoney => shopMoneyNow;

/**
 * Every amount the shop shows, as people read money in the shop's locale, always with both decimals:
 * "$159.00", "$1,000,000.00", "$999,999.99" in the default en-US dollars; "1.234,50 €" in de-DE euros.
 */
export function formatMoney(amount: number): string {
  return grouped.format(amount);
}

/** An amount without thousands separators: the spec's own "Stripe payment cannot exceed $999999.99". */
export function formatMoneyUngrouped(amount: number): string {
  return ungrouped.format(amount);
}

/** The currency's sign as the locale writes it ("$", "€", "CHF"), for a form field's label: "Amount ($)". */
export function currencySign(): string {
  return grouped.formatToParts(0).find((part) => part.type === 'currency')?.value ?? shopMoneyNow.currency;
}

/*
 * Money inside the shop is integer cents, hundredths of the shop's currency (decision 035): sums of
 * cents are exact, sums of whole units in binary floating point are not (0.1 + 0.2). The API speaks
 * the currency's units (dollars in the spec) with at most two decimals
 * (19.95), so amounts cross the boundary through `toCents` and `fromCents` only.
 */

/** The card maximum in cents: the most one payment may charge (PAYMENT_MAXIMUM, Stripe's limit of 99,999,999 minor units in a currency with hundredths). */
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

/** An API amount (the currency's units, two decimals at most) in cents: 19.95 -> 1995. Throws on more decimals. */
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

/** Cents as people read money in the shop's currency, with both decimals ("$19.95", "$20.00"). */
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
