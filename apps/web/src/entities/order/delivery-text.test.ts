import { describe, expect, it } from 'vitest';
import { deliveryText } from './delivery-text.ts';

describe('delivery text (product.md, "States")', () => {
  it('reads as the spec writes it, with the typo fixed', () => {
    expect(deliveryText(null)).toBe('not eligible');
    expect(deliveryText('pending')).toBe('pending');
    expect(deliveryText('shipped')).toBe('Product delivered');
  });
});
