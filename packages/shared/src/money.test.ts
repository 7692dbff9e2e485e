import { afterEach, describe, expect, it } from 'vitest';
import {
  currencySign,
  DEFAULT_SHOP_MONEY,
  divideRoundingHalfUp,
  formatCents,
  formatMoney,
  formatMoneyUngrouped,
  fromCents,
  hasWholeCents,
  PAYMENT_MAXIMUM_CENTS,
  percentOfCents,
  scaleRoundingHalfUp,
  setShopMoney,
  shopMoney,
  shopMoneyProblem,
  spreadByLargestRemainder,
  toCents,
  withinPaymentMaximum,
} from './money.ts';
import { PAYMENT_MAXIMUM } from './shop-constants.ts';

describe('amounts as money', () => {
  it('separates thousands', () => {
    expect(formatMoney(1_000_000)).toBe('$1,000,000.00');
    expect(formatMoney(1224)).toBe('$1,224.00');
  });

  it('shows two decimals on every amount, whole dollars and zero included (product.md)', () => {
    expect(formatMoney(159)).toBe('$159.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(999_999.99)).toBe('$999,999.99');
    expect(formatMoney(10.5)).toBe('$10.50');
    expect(formatCents(-500)).toBe('-$5.00');
  });
});

describe("amounts in the shop's currency and locale (decision 067)", () => {
  afterEach(() => setShopMoney(DEFAULT_SHOP_MONEY));

  it('writes dollars as in the United States until told otherwise', () => {
    expect(shopMoney()).toEqual({ currency: 'USD', locale: 'en-US' });
    expect(currencySign()).toBe('$');
    expect(formatMoneyUngrouped(999_999.99)).toBe('$999999.99');
  });

  it("writes every amount in the currency and the locale's way once told, both decimals kept", () => {
    setShopMoney({ currency: 'EUR', locale: 'de-DE' });
    expect(formatMoney(1_234.5)).toBe('1.234,50\u00a0€');
    expect(formatMoney(159)).toBe('159,00\u00a0€');
    expect(formatCents(-500)).toBe('-5,00\u00a0€');
    expect(formatMoneyUngrouped(999_999.99)).toBe('999999,99\u00a0€');
    expect(currencySign()).toBe('€');
    setShopMoney({ currency: 'GBP', locale: 'en-GB' });
    expect(formatMoney(1_000_000)).toBe('£1,000,000.00');
    setShopMoney({ currency: 'CHF', locale: 'de-CH' });
    // The group separator is the runtime's CLDR data's (an apostrophe, straight or curly).
    expect(formatMoney(1_234.5)).toMatch(/^CHF\s1['’]234\.50$/);
    expect(currencySign()).toBe('CHF');
  });

  it('takes only ISO 4217 currencies with hundredths, and locales the runtime knows, saying why not', () => {
    for (const currency of ['USD', 'EUR', 'GBP', 'CHF', 'PLN', 'SEK']) expect(shopMoneyProblem({ currency, locale: 'en-US' })).toBeUndefined();
    expect(shopMoneyProblem({ currency: 'usd', locale: 'en-US' })).toContain('"usd" is not one');
    expect(shopMoneyProblem({ currency: 'XYZ', locale: 'en-US' })).toContain('"XYZ" is not one');
    expect(shopMoneyProblem({ currency: 'JPY', locale: 'ja-JP' })).toContain('JPY has no minor unit');
    expect(shopMoneyProblem({ currency: 'KWD', locale: 'ar-KW' })).toContain('KWD has a minor unit of 3 decimals');
    expect(shopMoneyProblem({ currency: 'EUR', locale: 'de_DE!' })).toContain('SHOP_LOCALE must be a language tag');
  });
});

describe('amounts in cents', () => {
  it('reads the API\'s amounts without floating-point drift', () => {
    // 19.95 * 100 is 1994.9999999999998 and 1.15 * 100 is 114.99999999999999 in floating point.
    expect(toCents(19.95)).toBe(1995);
    expect(toCents(1.15)).toBe(115);
    expect(toCents(0.01)).toBe(1);
    expect(toCents(45)).toBe(4500);
    expect(toCents(PAYMENT_MAXIMUM)).toBe(PAYMENT_MAXIMUM_CENTS);
  });

  it('gives every number of cents back as the amount it was read from', () => {
    for (const start of [0, 99_990_000]) {
      for (let cents = start; cents < start + 10_000; cents += 1) {
        const amount = Number((cents / 100).toFixed(2));
        expect(fromCents(cents)).toBe(amount);
        expect(toCents(amount)).toBe(cents);
      }
    }
  });

  it('refuses amounts finer than a cent', () => {
    expect(hasWholeCents(19.955)).toBe(false);
    expect(hasWholeCents(0.1 + 0.2)).toBe(false);
    expect(hasWholeCents(Number.NaN)).toBe(false);
    expect(() => toCents(19.955)).toThrow(RangeError);
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it('prints cents as money', () => {
    expect(formatCents(1995)).toBe('$19.95');
    expect(formatCents(PAYMENT_MAXIMUM_CENTS)).toBe('$999,999.99');
  });

  it('knows the card maximum', () => {
    expect(withinPaymentMaximum(PAYMENT_MAXIMUM_CENTS)).toBe(true);
    expect(withinPaymentMaximum(PAYMENT_MAXIMUM_CENTS + 1)).toBe(false);
  });
});

describe('rounding half-up', () => {
  it('rounds a half away from zero and never truncates (Sylius#14522)', () => {
    expect(divideRoundingHalfUp(5, 2)).toBe(3);
    expect(divideRoundingHalfUp(-5, 2)).toBe(-3);
    expect(divideRoundingHalfUp(7, 4)).toBe(2);
    expect(divideRoundingHalfUp(5, 4)).toBe(1);
    expect(divideRoundingHalfUp(4975, 100)).toBe(50);
    expect(divideRoundingHalfUp(4949, 100)).toBe(49);
    expect(divideRoundingHalfUp(0, 3)).toBe(0);
  });

  it('stays exact where a product passes 2^53', () => {
    // 99,999,999 x 99,999,999 / 2: a product no double holds exactly.
    expect(scaleRoundingHalfUp(99_999_999, 99_999_999, 2)).toBe(Number((99_999_999n * 99_999_999n + 1n) / 2n));
  });

  it('takes a percentage of cents to the nearest cent', () => {
    expect(percentOfCents(1999, 25)).toBe(500);
    expect(percentOfCents(123_436, 10)).toBe(12_344);
    expect(percentOfCents(1000, 12.5)).toBe(125);
    expect(() => percentOfCents(1000, 100.5)).toThrow(RangeError);
  });
});

describe('a sum spread by largest remainder', () => {
  it('adds up to the sum, the left-over cents to the largest fractions', () => {
    expect(spreadByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadByLargestRemainder(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(spreadByLargestRemainder(5, [10, 25, 65])).toEqual([1, 1, 3]);
    expect(spreadByLargestRemainder(7, [2, 2, 6])).toEqual([2, 1, 4]);
  });

  it('breaks ties the same way every time: the earlier part first', () => {
    expect(spreadByLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(spreadByLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
  });

  it('gives a part that weighs nothing nothing', () => {
    expect(spreadByLargestRemainder(3, [0, 1, 0, 1])).toEqual([0, 2, 0, 1]);
    expect(spreadByLargestRemainder(0, [0, 0])).toEqual([0, 0]);
    expect(() => spreadByLargestRemainder(1, [0, 0])).toThrow(RangeError);
  });

  it('is exact for weights near the card maximum', () => {
    const spread = spreadByLargestRemainder(PAYMENT_MAXIMUM_CENTS, [PAYMENT_MAXIMUM_CENTS, PAYMENT_MAXIMUM_CENTS - 1, 3]);
    expect(spread.reduce((sum, share) => sum + share, 0)).toBe(PAYMENT_MAXIMUM_CENTS);
    // Exact shares 49,999,999.000000005, 49,999,998.50000001 and 1.4999999: the cent left goes to the second.
    expect(spread).toEqual([49_999_999, 49_999_999, 1]);
  });
});
