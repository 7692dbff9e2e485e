import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@voltline/shared/order';
import { shipmentMessages, type Shipment } from '@voltline/shared/shipments';
import { renderWithShop, type SentRequest, type ApiAnswer } from '../../../testing/render-with-shop.tsx';
import { paidOrder } from '../../../testing/sample-orders.ts';
import { ShipParcelDialog } from './ship-parcel-dialog.tsx';

// The server's ids are uuids, which the shared schema checks before a parcel is sent.
const DRILL = '0b4f1c2e-8a5d-4c3b-9e7f-1a2b3c4d5e6f';
const SAW = '0b4f1c2e-8a5d-4c3b-9e7f-1a2b3c4d5e70';

/** 4 drills and 1 saw, 1 drill already in a parcel. */
const order: Order = {
  ...paidOrder,
  toolId: DRILL,
  quantity: 5,
  shippedUnits: 1,
  lines: [{ ...paidOrder.lines[0]!, toolId: DRILL }, { toolId: SAW, product: 'Table saw', img: '/catalogue/saw.svg', quantity: 1, unitPrice: 300, lineTotal: 300 }],
};
const firstParcel: Shipment = {
  _id: '6f1c2b3a4d5e6f7a8b9c0d30',
  orderId: order._id,
  lines: [{ toolId: DRILL, product: 'Cordless drill', quantity: 1, serialNumbers: ['SN-1'] }],
  carrier: 'DHL',
  trackingNumber: 'JJD1',
  trackingUrl: 'https://www.dhl.de/track?piececode=JJD1',
  shippedAt: '2026-11-27T10:00:00.000Z',
  deliveredAt: null,
};

function answer(refusal?: ApiAnswer) {
  return (request: SentRequest): ApiAnswer => {
    if (request.path.endsWith('/shipments') && request.method === 'GET') return { status: 200, body: [firstParcel] };
    if (request.path === '/api/admin/carriers') return { status: 200, body: [{ _id: '6f1c2b3a4d5e6f7a8b9c0d40', name: 'DHL', trackingUrlTemplate: 'https://www.dhl.de/track?piececode={tracking}' }] };
    return refusal ?? { status: 200, body: { ...firstParcel, _id: '6f1c2b3a4d5e6f7a8b9c0d31' } };
  };
}

describe('the Ship a parcel dialog', () => {
  it('offers the units left of each tool, lists the parcels sent, and sends the units, carrier, tracking and serials', async () => {
    const onClose = vi.fn();
    const { user, sent } = renderWithShop(<ShipParcelDialog order={order} onClose={onClose} />, answer());
    await screen.findByText('Cordless drill (3 left)');
    screen.getByText('Table saw (1 left)');
    screen.getByRole('link', { name: 'Track parcel 1' });
    const [drillUnits, sawUnits] = screen.getAllByLabelText('Units in this parcel') as HTMLInputElement[];
    expect([drillUnits!.value, sawUnits!.value]).toEqual(['3', '1']);
    await user.clear(drillUnits!);
    await user.type(drillUnits!, '2');
    await user.clear(sawUnits!);
    await user.type(sawUnits!, '0');
    await user.type(screen.getAllByLabelText('Serial numbers, one a line')[0]!, 'SN-2{Enter}SN-3');
    await user.type(screen.getByLabelText('Tracking number'), 'JJD2');
    await user.click(screen.getByRole('button', { name: 'Ship parcel' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.filter((request) => request.method === 'POST')).toEqual([{
      method: 'POST',
      path: `/api/adminPurchased/${order._id}/shipments`,
      body: { lines: [{ toolId: DRILL, quantity: 2 }], carrier: 'DHL', trackingNumber: 'JJD2', serialNumbers: { [DRILL]: ['SN-2', 'SN-3'] } },
    }]);
  });

  it("refuses a parcel without a tracking number before sending it, and keeps the server's refusal in view", async () => {
    const onClose = vi.fn();
    const refusal = { status: 409, body: { error: 'conflict', message: shipmentMessages.moreThanLeft('Cordless drill', 1) } };
    const { user, sent } = renderWithShop(<ShipParcelDialog order={order} onClose={onClose} />, answer(refusal));
    await screen.findByText('Cordless drill (3 left)');
    await user.click(screen.getByRole('button', { name: 'Ship parcel' }));
    await screen.findByText(shipmentMessages.noTracking);
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText('Tracking number'), 'JJD2');
    await user.click(screen.getByRole('button', { name: 'Ship parcel' }));
    await screen.findByText(shipmentMessages.moreThanLeft('Cordless drill', 1));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('marks a parcel delivered, from which the withdrawal period runs', async () => {
    const { user, sent } = renderWithShop(<ShipParcelDialog order={order} onClose={vi.fn()} />, answer());
    await user.click(await screen.findByRole('button', { name: 'Mark parcel 1 delivered' }));
    await vi.waitFor(() =>
      expect(sent.filter((request) => request.method === 'POST')).toEqual([
        { method: 'POST', path: `/api/adminPurchased/${order._id}/shipments/${firstParcel._id}/delivered`, body: {} },
      ]),
    );
  });
});
