import { describe, expect, it } from 'vitest';
import { deliveryText } from './delivery-text.ts';

describe('delivery text (product.md, "States")', () => {
  it('reads as the spec writes it, with the typo fixed', () => {
    expect(deliveryText(null)).toBe('not eligible');
    expect(deliveryText('pending')).toBe('pending');
    expect(deliveryText('shipped')).toBe('Product delivered');
  });

  it('calls a pending order with units already in a parcel partially shipped', () => {
    expect(deliveryText('pending', 0)).toBe('pending');
    expect(deliveryText('pending', 2)).toBe('partially shipped');
    expect(deliveryText('shipped', 4)).toBe('Product delivered');
  });
});
