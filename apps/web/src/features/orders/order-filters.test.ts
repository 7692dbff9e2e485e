import { describe, expect, it } from 'vitest';
import { adminOrdersQuerySchema } from '@voltline/shared/order';
import { listPath } from '../../lib/paged-lists.ts';
import { filterOf, ORDER_FILTER_BUTTONS, putFilter, queryOf } from './order-filters.ts';

describe('Manage All Orders filters', () => {
  it('lists the spec buttons in the spec order, then the refunded and the cancelled orders', () => {
    expect(ORDER_FILTER_BUTTONS.map((button) => button.label)).toEqual([
      'Pending orders',
      'Shipped orders',
      'Unpaid orders',
      'All orders',
      'Refunded orders',
      'Canceled orders',
    ]);
  });

  it('asks the server the spec queries', () => {
    expect(listPath('/adminPurchased', queryOf('pending'))).toBe('/adminPurchased?delivery=pending');
    expect(listPath('/adminPurchased', queryOf('shipped'))).toBe('/adminPurchased?delivery=shipped');
    expect(listPath('/adminPurchased', queryOf('unpaid'))).toBe('/adminPurchased?status=unpaid');
    expect(listPath('/adminPurchased', queryOf('all'))).toBe('/adminPurchased');
    expect(listPath('/adminPurchased', queryOf('refunded'))).toBe('/adminPurchased?status=refunded');
    expect(listPath('/adminPurchased', queryOf('cancelled'))).toBe('/adminPurchased?status=cancelled');
  });

  it('sends only queries the server accepts', () => {
    for (const { filter } of ORDER_FILTER_BUTTONS) expect(adminOrdersQuerySchema.safeParse(queryOf(filter)).success).toBe(true);
  });

  it('reads the filter from an address that also holds a search and pages', () => {
    const address = new URLSearchParams({ status: 'unpaid', q: 'x'.repeat(500) });
    address.append('cursor', 'first');
    address.append('cursor', 'second');
    expect(filterOf(address)).toBe('unpaid');
    expect(filterOf(new URLSearchParams('status=refunded'))).toBe('refunded');
    expect(filterOf(new URLSearchParams('status=cancelled'))).toBe('cancelled');
    expect(filterOf(new URLSearchParams('delivery=lost'))).toBe('all');
  });

  it('swaps the filter in the address and leaves the search alone', () => {
    const address = new URLSearchParams({ status: 'unpaid', q: 'ann' });
    putFilter(address, 'shipped');
    expect(address.toString()).toBe('q=ann&delivery=shipped');
    putFilter(address, 'all');
    expect(address.toString()).toBe('q=ann');
  });
});
