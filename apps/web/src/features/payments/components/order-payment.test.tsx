import { screen, waitFor } from '@testing-library/react';
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

  it("replaces a declined card's message with the next problem: one message, the latest (issue 43)", async () => {
    const unpaid = { ...paidOrder, status: 'unpaid' as const, transactionId: null, invoiceNumber: null };
    const { user } = renderWithShop(<OrderPayment order={unpaid} documents={null} />, (request) => {
      if (request.path === '/api/payments/config') return { status: 200, body: { provider: 'builtin', publishableKey: null } };
      if (request.path === '/api/create-payment-intent') return { status: 200, body: { clientSecret: 'pi_1_secret' } };
      if (request.path === '/api/payments/builtin/confirm') return { status: 402, body: { error: 'card_declined', message: 'Your card was declined.' } };
      return { status: 404, body: { error: 'not_found', message: 'Not found' } };
    });
    const pay = await screen.findByRole('button', { name: 'Pay' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await user.type(screen.getByLabelText('Card number'), '4000000000000002');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Postal code'), '10115');
    await user.click(pay);
    await screen.findByText('Your card was declined.');

    await user.clear(screen.getByLabelText('Expiry (MM / YY)'));
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '0120');
    await user.click(pay);
    await screen.findByText("Your card's expiration year is in the past.");
    expect(screen.queryByText('Your card was declined.')).toBeNull();
  });
});
