import { describe, expect, it } from 'vitest';
import { orderIsOver, orderStateText } from './order-state.ts';

describe('orderStateText', () => {
  it('names refunded, partly refunded and cancelled orders', () => {
    expect(orderStateText({ status: 'refunded', refundedAmount: 40, cancelled: true })).toBe('Refunded');
    expect(orderStateText({ status: 'refunded', refundedAmount: 40, cancelled: false })).toBe('Refunded');
    expect(orderStateText({ status: 'paid', refundedAmount: 1200, cancelled: false })).toBe('Partly refunded: $1,200.00');
    expect(orderStateText({ status: 'unpaid', refundedAmount: 0, cancelled: true })).toBe('Canceled');
  });

  it('says nothing of live orders with nothing given back', () => {
    expect(orderStateText({ status: 'paid', refundedAmount: 0, cancelled: false })).toBeNull();
    expect(orderStateText({ status: 'unpaid', refundedAmount: 0, cancelled: false })).toBeNull();
  });
});

describe('orderIsOver', () => {
  it('is over once cancelled or refunded in full, not while it waits to be paid or shipped', () => {
    expect(orderIsOver({ status: 'unpaid', cancelled: true })).toBe(true);
    expect(orderIsOver({ status: 'refunded', cancelled: false })).toBe(true);
    expect(orderIsOver({ status: 'unpaid', cancelled: false })).toBe(false);
    expect(orderIsOver({ status: 'paid', cancelled: false })).toBe(false);
  });
});
