import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@voltline/shared/order';
import { renderWithShop, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { paidOrder } from '../../../testing/sample-orders.ts';
import { ManageOrdersPage } from './manage-orders.tsx';

/** An unpaid order its buyer cancelled: kept on record, nothing left to do with it. */
const cancelledOrder: Order = { ...paidOrder, _id: '6f1c2b3a4d5e6f7a8b9c0d2a', status: 'unpaid', transactionId: null, delivery: null, invoiceNumber: null, cancelled: true };

/** The stand-in server: an admin's roles, the overview, and the cancelled orders under ?status=cancelled, the paid one elsewhere. */
function answer(request: SentRequest) {
  if (request.path.startsWith('/api/admin/admin%40example.com')) return { status: 200, body: { admin: true, roles: ['admin'] } };
  if (request.path.startsWith('/api/adminOverview')) return { status: 200, body: { days: [], lowStockTools: [], lowStockCount: 0 } };
  if (request.path.startsWith('/api/adminPurchased')) return { status: 200, body: request.path.includes('status=cancelled') ? [cancelledOrder] : [paidOrder] };
  return { status: 404, body: { error: 'not_found', message: 'Not found' } };
}

describe('Manage All Orders, Cancelled orders (issue 26)', () => {
  it('asks the server for the cancelled orders and shows them, marked, without actions', async () => {
    const { user, sent } = renderWithShop(<ManageOrdersPage />, answer, { signedInAs: 'admin@example.com' });
    const filters = screen.getByRole('group', { name: 'Show orders' });
    await screen.findByText(paidOrder.transactionId!);
    await user.click(within(filters).getByRole('button', { name: 'Canceled orders' }));
    await screen.findByText('canceled');
    expect(within(filters).getByRole('button', { name: 'Canceled orders' }).getAttribute('aria-pressed')).toBe('true');
    expect(sent.filter((request) => request.path.startsWith('/api/adminPurchased')).at(-1)!.path).toContain('status=cancelled');
    expect(screen.queryByText(paidOrder.transactionId!)).toBeNull();
    for (const action of ['Cancel', 'Refund', 'Deliver']) expect(screen.queryByRole('button', { name: action })).toBeNull();
  });
});
