import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry } from './card-input-format.ts';

describe('card input formatting', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 4242-4242x4242', '4242 4242 4242 4242'],
    ['42424', '4242 4'],
    ['12345678901234567890123', '1234 5678 9012 3456 789'],
    ['', ''],
  ])('groups %s as %s', (typed, shown) => expect(formatCardNumber(typed)).toBe(shown));

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12 / 3'],
    ['1234', '12 / 34'],
    ['12 / 345', '12 / 34'],
  ])('writes expiry %s as %s', (typed, shown) => expect(formatExpiry(typed)).toBe(shown));
});
