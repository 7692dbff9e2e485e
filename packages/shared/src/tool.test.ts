import { describe, expect, it } from 'vitest';
import { payableToolMessage, payableTool, toolUpdateSchema } from './tool.ts';

describe('payableTool', () => {
  const schema = payableTool(toolUpdateSchema);

  it('stocks any quantity: one card payment limits an order, not a shelf (issue 26: 300 units at $5,000)', () => {
    expect(schema.safeParse({ price: 5000, availableQuantity: 300, minimumOrderQuantity: 1 }).success).toBe(true);
    expect(schema.safeParse({ price: 999_999, availableQuantity: 10_000_000, minimumOrderQuantity: 1 }).success).toBe(true);
  });

  it('refuses on the price field when even the smallest order is past the payment maximum', () => {
    expect(schema.safeParse({ price: 5000, availableQuantity: 300, minimumOrderQuantity: 199 }).success).toBe(true);
    const result = schema.safeParse({ price: 5000, availableQuantity: 300, minimumOrderQuantity: 200 });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['price'], message: payableToolMessage() })]);
  });

  it('says so beside another field being wrong, but not when the price or minimum order is itself wrong', () => {
    const beside = schema.safeParse({ price: 500_000, availableQuantity: -1, minimumOrderQuantity: 3 });
    expect(beside.error?.issues.map((issue) => issue.path[0])).toEqual(['availableQuantity', 'price']);
    const wrongMinimum = schema.safeParse({ price: 500_000, availableQuantity: 3, minimumOrderQuantity: 0 });
    expect(wrongMinimum.error?.issues.map((issue) => issue.message)).not.toContain(payableToolMessage());
  });
});
