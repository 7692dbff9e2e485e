import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@voltline/shared/order';
import { returnMessages, type Return, type ReturnWindow } from '@voltline/shared/returns';
import type { Shipment } from '@voltline/shared/shipments';
import { renderWithShop, type ApiAnswer, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { paidOrder } from '../../../testing/sample-orders.ts';
import { ReturnRequest } from './return-request.tsx';

// The server's ids are uuids, which the shared schema checks before a return is sent.
const DRILL = '0b4f1c2e-8a5d-4c3b-9e7f-1a2b3c4d5e6f';
const SAW = '0b4f1c2e-8a5d-4c3b-9e7f-1a2b3c4d5e70';
const order: Order = { ...paidOrder, shippedUnits: 3 };
const parcel: Shipment = {
  _id: '6f1c2b3a4d5e6f7a8b9c0d30',
  orderId: order._id,
  lines: [
    { toolId: DRILL, product: 'Cordless drill', quantity: 2, serialNumbers: ['SN-1', 'SN-2'] },
    { toolId: SAW, product: 'Table saw', quantity: 1, serialNumbers: [] },
  ],
  carrier: 'DHL',
  trackingNumber: 'JJD1',
  trackingUrl: 'https://www.dhl.de/track?piececode=JJD1',
  shippedAt: '2026-11-20T10:00:00.000Z',
  deliveredAt: null,
};
const DAY = 24 * 60 * 60 * 1000;
const running: ReturnWindow = { withdrawalUntil: new Date(Date.now() + 5 * DAY).toISOString(), warrantyUntil: '2099-01-01' };
const over: ReturnWindow = { withdrawalUntil: new Date(Date.now() - DAY).toISOString(), warrantyUntil: '2099-01-01' };
const acknowledged: Return = {
  _id: '6f1c2b3a4d5e6f7a8b9c0d50',
  returnNumber: 'R-5001',
  orderId: order._id,
  orderNumber: order.orderNumber,
  buyerEmail: order.buyerEamil,
  status: 'requested',
  reason: 'withdrawal',
  comment: '',
  instructions: null,
  refusalReason: null,
  refundedAmount: null,
  requestedAt: '2026-11-27T09:41:00.000Z',
  lines: [{ toolId: DRILL, product: 'Cordless drill', quantity: 1, serialNumbers: ['SN-2'], receivedQuantity: null, restocked: null }],
  history: [],
};

function answer(window: ReturnWindow, refusal?: ApiAnswer) {
  return (request: SentRequest): ApiAnswer => {
    if (request.path.endsWith('/return-window')) return { status: 200, body: window };
    if (request.path.endsWith('/shipments')) return { status: 200, body: [parcel] };
    return refusal ?? { status: 200, body: acknowledged };
  };
}

describe("a shipped order's return button", () => {
  it('withdraws from the contract while the period runs: serials picked, and the acknowledgement shown at once', async () => {
    const { user, sent } = renderWithShop(<ReturnRequest order={order} />, answer(running));
    await user.click(await screen.findByRole('button', { name: 'Withdraw from contract' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Serial number SN-2' }));
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Return R-5001, 2026-11-27 09:41 UTC');
    expect(status.textContent).toContain('1 x Cordless drill (serial numbers SN-2)');
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/purchasedSingle/${order._id}/returns`, body: { lines: [{ toolId: DRILL, quantity: 1, serialNumbers: ['SN-2'] }], reason: 'withdrawal' } },
    ]);
  });

  it('offers the warranty return after the period, without withdrawal, and keeps a refusal in view', async () => {
    const refusal = { status: 409, body: { error: 'conflict', message: returnMessages.moreThanShipped('Table saw', 0) } };
    const { user, sent } = renderWithShop(<ReturnRequest order={order} />, answer(over, refusal));
    await user.click(await screen.findByRole('button', { name: 'Return or claim warranty' }));
    expect(screen.queryByRole('option', { name: 'Withdrawal (no reason needed)' })).toBeNull();
    // Nothing picked: refused before sending.
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    await screen.findByText(returnMessages.noLines);
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    const units = screen.getByLabelText('Table saw: units to send back (of 1 shipped)');
    await user.clear(units);
    await user.type(units, '1');
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    await screen.findByText(returnMessages.moreThanShipped('Table saw', 0));
  });
});
