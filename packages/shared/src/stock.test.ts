import { describe, expect, it } from 'vitest';
import { isOutOfStock, orderableQuantityOf } from './stock.ts';

describe('the stock rules', () => {
  it('counts what can still be ordered, and the physical stock when an older server answers without it', () => {
    expect(orderableQuantityOf({ orderableQuantity: 3, availableQuantity: 10 })).toBe(3);
    const olderAnswer = { availableQuantity: 10 } as { orderableQuantity: number; availableQuantity: number };
    expect(orderableQuantityOf(olderAnswer)).toBe(10);
  });

  it('is out of stock once not even the minimum order can be promised', () => {
    expect(isOutOfStock({ orderableQuantity: 4, availableQuantity: 10, minimumOrderQuantity: 5 })).toBe(true);
    expect(isOutOfStock({ orderableQuantity: 5, availableQuantity: 10, minimumOrderQuantity: 5 })).toBe(false);
  });
});
