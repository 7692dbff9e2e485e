import { describe, expect, it } from 'vitest';
import type { Order } from '@voltline/shared/order';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { paidOrder } from '../../../testing/sample-orders.ts';
import { DeliverOrderDialog } from './deliver-order-dialog.tsx';

/** The paid order delivered to an address given as fields in Switzerland (issue 36). */
const toZurich: Order = {
  ...paidOrder,
  country: 'CH',
  address: 'Uhrwerk AG, Bahnhofstrasse 1, 8001 Zürich, Switzerland',
  deliveryName: 'Uhrwerk AG',
  deliveryStreet: 'Bahnhofstrasse 1',
  deliveryPostcode: '8001',
  deliveryCity: 'Zürich',
};

const addressLines = () => Array.from(document.querySelectorAll('address span'), (line) => line.textContent);

describe('the ship dialog', () => {
  it('shows the address as the label takes it, a line each, the country named last', () => {
    renderWithShop(<DeliverOrderDialog order={toZurich} onClose={() => undefined} />, () => ({ status: 404, body: {} }));
    expect(addressLines()).toEqual(['Uhrwerk AG', 'Bahnhofstrasse 1', '8001 Zürich', 'Switzerland']);
  });

  it('shows an address given as one text as written, then the country it was priced for', () => {
    renderWithShop(<DeliverOrderDialog order={paidOrder} onClose={() => undefined} />, () => ({ status: 404, body: {} }));
    expect(addressLines()).toEqual(['1 Analytical Row, London', 'United States']);
  });
});
