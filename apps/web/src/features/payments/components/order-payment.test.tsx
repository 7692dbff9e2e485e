import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { paidOrder } from '../../../testing/sample-orders.ts';
import { OrderPayment } from './order-payment.tsx';

describe('the end of a purchase', () => {
  const documents = <button type="button">Download invoice</button>;

  it('shows a paid order by its invoice number, with its documents and the way to My Orders', () => {
    renderWithShop(<OrderPayment order={paidOrder} documents={documents} />);
    screen.getByText('payment done!!!');
    expect(screen.getByText('INV-000042').closest('p')?.textContent).toBe('Order number: INV-000042');
    screen.getByRole('button', { name: 'Download invoice' });
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/dashboard/myorders');
  });

  it('shows the order id as its number when the order has no invoice', () => {
    renderWithShop(<OrderPayment order={{ ...paidOrder, invoiceNumber: null }} documents={null} />);
    expect(screen.getByText(paidOrder._id).closest('p')?.textContent).toBe(`Order number: ${paidOrder._id}`);
  });
});
