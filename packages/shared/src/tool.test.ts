import { describe, expect, it } from 'vitest';
import { PAYABLE_TOOL_MESSAGE, payableTool, toolUpdateSchema } from './tool.ts';

describe('payableTool', () => {
  const schema = payableTool(toolUpdateSchema);

  it('takes a tool whose whole stock one card payment can pay for', () => {
    expect(schema.safeParse({ price: 999_999, availableQuantity: 1, minimumOrderQuantity: 1 }).success).toBe(true);
  });

  it('refuses on the price field when the largest order is past the payment maximum', () => {
    const result = schema.safeParse({ price: 1_000_000, availableQuantity: 1, minimumOrderQuantity: 1 });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['price'], message: PAYABLE_TOOL_MESSAGE })]);
  });

  it('says so beside another field being wrong, but not when the price or stock is itself wrong', () => {
    const beside = schema.safeParse({ price: 500_000, availableQuantity: 3, minimumOrderQuantity: 0 });
    expect(beside.error?.issues.map((issue) => issue.path[0])).toEqual(['minimumOrderQuantity', 'price']);
    const wrongStock = schema.safeParse({ price: 500_000, availableQuantity: -1, minimumOrderQuantity: 1 });
    expect(wrongStock.error?.issues.map((issue) => issue.message)).not.toContain(PAYABLE_TOOL_MESSAGE);
  });
});
