import { describe, expect, it } from 'vitest';
import { adminOrdersQuerySchema } from '@voltline/shared/order';
import { ORDER_FILTER_BUTTONS, queryOf, queryStringOf } from './order-filters.ts';

describe('Manage All Orders filters', () => {
  it('lists the spec buttons in the spec order', () => {
    expect(ORDER_FILTER_BUTTONS.map((button) => button.label)).toEqual(['Pending orders', 'Shipped orders', 'Unpaid orders', 'All orders']);
  });

  it('asks the server the spec queries', () => {
    expect(queryStringOf('pending')).toBe('?delivery=pending');
    expect(queryStringOf('shipped')).toBe('?delivery=shipped');
    expect(queryStringOf('unpaid')).toBe('?status=unpaid');
    expect(queryStringOf('all')).toBe('');
  });

  it('sends only queries the server accepts', () => {
    for (const { filter } of ORDER_FILTER_BUTTONS) expect(adminOrdersQuerySchema.safeParse(queryOf(filter)).success).toBe(true);
  });
});
