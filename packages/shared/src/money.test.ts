import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('amounts as money', () => {
  it('separates thousands', () => {
    expect(formatMoney(1_000_000)).toBe('$1,000,000');
    expect(formatMoney(1000)).toBe('$1,000');
    expect(formatMoney(45)).toBe('$45');
    expect(formatMoney(0)).toBe('$0');
  });

  it('shows cents only when there are some', () => {
    expect(formatMoney(999_999.99)).toBe('$999,999.99');
    expect(formatMoney(10.5)).toBe('$10.50');
  });
});
