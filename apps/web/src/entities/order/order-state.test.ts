import { describe, expect, it } from 'vitest';
import { orderStateText } from './order-state.ts';

describe('orderStateText', () => {
  it('names refunded, partly refunded and cancelled orders', () => {
    expect(orderStateText({ status: 'refunded', refundedAmount: 40, cancelled: true })).toBe('Refunded');
    expect(orderStateText({ status: 'refunded', refundedAmount: 40, cancelled: false })).toBe('Refunded');
    expect(orderStateText({ status: 'paid', refundedAmount: 1200, cancelled: false })).toBe('Partly refunded: $1,200');
    expect(orderStateText({ status: 'unpaid', refundedAmount: 0, cancelled: true })).toBe('Canceled');
  });

  it('says nothing of live orders with nothing given back', () => {
    expect(orderStateText({ status: 'paid', refundedAmount: 0, cancelled: false })).toBeNull();
    expect(orderStateText({ status: 'unpaid', refundedAmount: 0, cancelled: false })).toBeNull();
  });
});
