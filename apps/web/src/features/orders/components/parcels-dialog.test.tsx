import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@voltline/shared/order';
import type { Shipment } from '@voltline/shared/shipments';
import { renderWithShop, type SentRequest, type ApiAnswer } from '../../../testing/render-with-shop.tsx';
import { paidOrder } from '../../../testing/sample-orders.ts';
import { ParcelsDialog } from './parcels-dialog.tsx';

/** Every unit shipped: the Ship button is gone, the parcels are still the warehouse's and the period's. */
const shipped: Order = { ...paidOrder, delivery: 'shipped', shippedUnits: paidOrder.quantity };
const parcel = (id: string, deliveredAt: string | null): Shipment => ({
  _id: id,
  orderId: shipped._id,
  lines: [{ toolId: null, product: 'Cordless drill', quantity: 1, serialNumbers: ['SN-1'] }],
  carrier: 'DHL',
  trackingNumber: 'JJD1',
  trackingUrl: 'https://www.dhl.de/track?piececode=JJD1',
  shippedAt: '2026-11-27T10:00:00.000Z',
  deliveredAt,
});
const FIRST = '6f1c2b3a4d5e6f7a8b9c0d30';
const SECOND = '6f1c2b3a4d5e6f7a8b9c0d31';

function answer(request: SentRequest): ApiAnswer {
  if (request.path.endsWith('/shipments')) return { status: 200, body: [parcel(FIRST, '2026-11-28T09:00:00.000Z'), parcel(SECOND, null)] };
  if (request.path.endsWith('/packing-slip.pdf')) return { status: 404, body: { error: 'not_found', message: 'Parcel not found' } };
  return { status: 200, body: parcel(SECOND, '2026-11-29T09:00:00.000Z') };
}

describe('the Parcels dialog of Manage All Orders', () => {
  it("offers each parcel's packing slip and Mark delivered for one not yet delivered", async () => {
    const { user, sent } = renderWithShop(<ParcelsDialog order={shipped} onClose={vi.fn()} />, answer);
    await screen.findByText('Delivered Nov 28, 2026');
    expect(screen.queryByRole('button', { name: 'Mark parcel 1 delivered' })).toBeNull();
    screen.getByRole('button', { name: 'Mark parcel 2 delivered' });
    await user.click(screen.getByRole('button', { name: 'Packing slip of parcel 2' }));
    // The slip is asked of the server for that parcel; a refusal stays in view in its words.
    await screen.findByText('Parcel not found');
    expect(sent.filter((request) => request.path.endsWith('.pdf')).map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /api/adminPurchased/${shipped._id}/shipments/${SECOND}/packing-slip.pdf`,
    ]);
    screen.getByRole('button', { name: 'Packing slip of parcel 1' });
  });
});
