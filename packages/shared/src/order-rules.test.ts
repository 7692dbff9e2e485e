import { describe, expect, it } from 'vitest';
import { quantityProblem } from './cart-rules.ts';
import { orderQuantityMessages, quantityBreach } from './order-rules.ts';

describe('quantityBreach, the one rule of an order quantity', () => {
  const limits = { minimum: 3, orderable: 10, unitPrice: 250_000 };

  it('takes the minimum, what can be ordered and what one payment takes, and nothing past them', () => {
    expect(quantityBreach(limits, 3)).toBeNull();
    expect(quantityBreach(limits, 2)).toEqual({ code: 'below_minimum', message: orderQuantityMessages.tooFew(3) });
    expect(quantityBreach({ ...limits, unitPrice: 1 }, 10)).toBeNull();
    expect(quantityBreach({ ...limits, unitPrice: 1 }, 11)).toEqual({ code: 'above_orderable', message: orderQuantityMessages.tooMany(10) });
    // $999,999.99 takes three units at $250,000, not four.
    expect(quantityBreach(limits, 4)).toEqual({ code: 'over_one_payment', message: orderQuantityMessages.overOnePayment(250_000) });
    expect(quantityBreach({ minimum: 3, orderable: 10 }, 10)).toBeNull();
  });

  it('tells a line below its minimum first, and counts the other bounds on the units of the whole order', () => {
    expect(quantityBreach({ minimum: 3, orderable: 1 }, 2)?.code).toBe('below_minimum');
    expect(quantityBreach({ minimum: 3, orderable: 10 }, 5, 11)?.code).toBe('above_orderable');
  });
});

describe("the cart's quantityProblem, through quantityBreach", () => {
  const tool = { toolName: 'Drill', price: 40, minimumOrderQuantity: 2, orderableQuantity: 6, availableQuantity: 6 };

  it('answers the bounds in the order the cart tells them, out of stock after the minimum', () => {
    expect(quantityProblem(tool, 2)).toBeNull();
    expect(quantityProblem(tool, 6)).toBeNull();
    expect(quantityProblem(tool, 1)?.code).toBe('below_minimum');
    expect(quantityProblem(tool, 7)?.code).toBe('above_orderable');
    expect(quantityProblem({ ...tool, orderableQuantity: 1 }, 1)?.code).toBe('below_minimum');
    expect(quantityProblem({ ...tool, orderableQuantity: 1 }, 2)?.code).toBe('out_of_stock');
  });
});
