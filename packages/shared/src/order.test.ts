import { describe, expect, it } from 'vitest';
import { orderQuantityMessages, orderTotal, placeOrderSchema, purchaseFormSchema } from './order.ts';

/** The purchase form's address, as fields in the US (issue 36). */
const DEPOT = { deliveryName: 'Depot', deliveryStreet: '1 Circuit Road', deliveryPostcode: '94105', deliveryCity: 'San Francisco' };

describe('the purchase form (product.md, "Rules for what people type")', () => {
  const form = purchaseFormSchema({ minimumOrderQuantity: 10, availableQuantity: 250 });
  const messagesFor = (quantity: number) =>
    form.safeParse({ quantity, phone: '5550100', ...DEPOT, country: 'US' }).error?.issues.map((issue) => issue.message) ?? [];

  it('accepts the minimum and the whole stock', () => {
    expect(messagesFor(10)).toEqual([]);
    expect(messagesFor(250)).toEqual([]);
  });

  it('uses the spec messages, with the typo fixed', () => {
    expect(messagesFor(251)).toEqual(["**Order quantity can't be greater than 250"]);
    expect(messagesFor(9)).toEqual(["**Order quantity can't be less than 10"]);
    expect(messagesFor(0)).toEqual(["**Order quantity can't be less than 10"]);
  });

  it("requires a phone number and the address's fields", () => {
    const result = form.safeParse({ quantity: 10, phone: '', deliveryName: ' ', deliveryStreet: '', deliveryPostcode: '', deliveryCity: '', country: 'US' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining(['Phone is required', 'Name or company is required', 'Street and number is required', 'Postcode is required', 'City is required']),
    );
  });

  it('asks how the one tool is priced as the checkout does: a country, and a coupon and VAT id when given (issue 29)', () => {
    const order = { quantity: 10, phone: '5550100', ...DEPOT };
    expect(form.safeParse(order).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['country']);
    expect(form.parse({ ...order, country: 'de', couponCode: ' spring10 ', vatId: '' })).toEqual({ ...order, country: 'DE', couponCode: 'SPRING10', vatId: undefined });
  });
});

describe('placing an order over the API', () => {
  it('takes the spec client’s numeric phone as text', () => {
    const order = placeOrderSchema.parse({ product: 'Drill', quantity: 5, phone: 5550100, address: 'Depot 1' });
    expect(order.phone).toBe('5550100');
  });

  it('takes a whole number written as digits, as the spec client’s form sends it, and nothing else', () => {
    const parse = (quantity: unknown) => placeOrderSchema.safeParse({ product: 'Drill', quantity, phone: '5550100', address: 'Depot 1' });
    expect(parse('2').data?.quantity).toBe(2);
    for (const quantity of ['2.5', '1e3', '', ' 2', '-1', 'two', 2.5]) {
      expect(parse(quantity).error?.issues.map((issue) => issue.message), String(quantity)).toEqual(['Quantity must be a whole number']);
    }
  });

  it('needs to know which tool', () => {
    expect(placeOrderSchema.safeParse({ quantity: 5, phone: '5550100', address: 'Depot 1' }).success).toBe(false);
  });
});

describe('the purchase form on out-of-range numbers', () => {
  const form = purchaseFormSchema({ minimumOrderQuantity: 2, availableQuantity: 5 });
  const firstMessage = (quantity: number) =>
    form.safeParse({ quantity, phone: '5550100', ...DEPOT, country: 'US' }).error?.issues[0]?.message;

  it('names the limit before wholeness, so a huge number reads as too many', () => {
    expect(firstMessage(Number('99999999999999999999'))).toBe(orderQuantityMessages.tooMany(5));
    expect(firstMessage(1)).toBe(orderQuantityMessages.tooFew(2));
    expect(firstMessage(2.5)).toBe('Quantity must be a whole number');
  });
});

describe('the purchase form against one card payment (issue 26)', () => {
  // 300 units at $5,000 on the shelf: 199 of them are the most one payment of $999,999.99 takes.
  const form = purchaseFormSchema({ minimumOrderQuantity: 1, availableQuantity: 300, price: 5000 });
  const messagesFor = (quantity: number) =>
    form.safeParse({ quantity, phone: '5550100', ...DEPOT, country: 'US' }).error?.issues.map((issue) => issue.message) ?? [];

  it('takes an order one payment can pay and refuses a larger one in words', () => {
    expect(messagesFor(199)).toEqual([]);
    expect(messagesFor(200)).toEqual([orderQuantityMessages.overOnePayment(5000)]);
    expect(orderQuantityMessages.overOnePayment(5000)).toBe('One card payment takes at most $999,999.99: at $5,000.00 a unit, order at most 199 in one order.');
  });
});

describe('the total the purchase form shows (issue 26)', () => {
  it('is unit price x quantity, counted in cents so no rounding shows', () => {
    expect(orderTotal(250, 4)).toBe(1000);
    expect(orderTotal(999_999, 1)).toBe(999_999);
    // In floating point 0.1 x 3 is 0.30000000000000004, a total the payment (in cents) would not match.
    expect(orderTotal(0.1, 3)).toBe(0.3);
  });
});
