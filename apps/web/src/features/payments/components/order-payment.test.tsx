import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@voltline/shared/order';
import { renderWithShop, type ApiAnswer } from '../../../testing/render-with-shop.tsx';
import { paidOrder, threeToolOrder } from '../../../testing/sample-orders.ts';
import { OrderPayment } from './order-payment.tsx';

/**
 * An unpaid order's payment page on the built-in gateway, whose confirmation answers `confirmed`:
 * the card typed in and Pay pressed. Answers the page's user and its Pay button.
 */
async function payUnpaid(order: Order, card: string, confirmed: ApiAnswer) {
  const unpaid = { ...order, status: 'unpaid' as const, transactionId: null, invoiceNumber: null, delivery: null };
  const rendered = renderWithShop(<OrderPayment order={unpaid} documents={null} />, (request) => {
    if (request.path === '/api/payments/config') return { status: 200, body: { provider: 'builtin', publishableKey: null } };
    if (request.path === '/api/create-payment-intent') return { status: 200, body: { clientSecret: 'pi_1_secret' } };
    if (request.path === '/api/payments/builtin/confirm') return confirmed;
    if (request.path === `/api/purchasedSingle/${unpaid._id}`) return { status: 200, body: { acknowledged: true, modifiedCount: 1 } };
    return { status: 404, body: { error: 'not_found', message: 'Not found' } };
  });
  const pay = await screen.findByRole('button', { name: 'Pay' });
  await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
  await rendered.user.type(screen.getByLabelText('Card number'), card);
  await rendered.user.type(screen.getByLabelText('Expiry (MM / YY)'), '1234');
  await rendered.user.type(screen.getByLabelText('CVC'), '123');
  await rendered.user.type(screen.getByLabelText('Postal code'), '10115');
  await rendered.user.click(pay);
  return { user: rendered.user, pay };
}

describe('the end of a purchase', () => {
  const documents = <button type="button">Download invoice</button>;

  it('shows a paid order by its number, with what it holds and cost, its invoice and the way to My Orders, and no card form (issue 43)', () => {
    renderWithShop(<OrderPayment order={threeToolOrder} documents={documents} />);
    const confirmation = screen.getByTestId('payment-confirmation');
    within(confirmation).getByText('payment done!!!');
    within(confirmation).getByRole('heading', { name: 'Order number: VL-10043' });
    within(confirmation).getByText('Invoice: INV-000042');
    expect(within(confirmation).getAllByTestId('summary-line')).toHaveLength(3);
    expect(within(confirmation).getByTestId('summary-total').textContent).toBe('Total$1,640.00');
    within(confirmation).getByRole('button', { name: 'Download invoice' });
    expect(within(confirmation).getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/dashboard/myorders');
    expect(screen.queryByRole('heading', { name: 'Pay by card' })).toBeNull();
  });

  it('names no invoice for a paid order that has none', () => {
    renderWithShop(<OrderPayment order={{ ...paidOrder, invoiceNumber: null }} documents={null} />);
    screen.getByRole('heading', { name: 'Order number: VL-10042' });
    expect(screen.queryByText(/^Invoice:/)).toBeNull();
  });

  it('turns into the confirmation once the card is paid: the card form gone, the page at its top, the reader at the order (issue 43)', async () => {
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    await payUnpaid(threeToolOrder, '4242424242424242', { status: 200, body: { paymentIntentId: 'pi_1' } });

    const heading = await screen.findByRole('heading', { name: 'Order number: VL-10043' });
    screen.getByText('Congrats! your payment is completed');
    screen.getByText('Your transaction id: pi_1');
    expect(document.activeElement).toBe(heading);
    expect(scrolled).toHaveBeenCalledWith({ top: 0 });
    expect(screen.queryByRole('heading', { name: 'Pay by card' })).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByLabelText('Order summary')).toBeNull();
    scrolled.mockRestore();
  });

  it("replaces a declined card's message with the next problem: one message, the latest (issue 43)", async () => {
    const { user, pay } = await payUnpaid(paidOrder, '4000000000000002', { status: 402, body: { error: 'card_declined', message: 'Your card was declined.' } });
    await screen.findByText('Your card was declined.');

    await user.clear(screen.getByLabelText('Expiry (MM / YY)'));
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '0120');
    await user.click(pay);
    await screen.findByText("Your card's expiration year is in the past.");
    expect(screen.queryByText('Your card was declined.')).toBeNull();
  });
});
