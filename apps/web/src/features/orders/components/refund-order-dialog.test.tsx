import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { refundMessages, type Order } from '@voltline/shared/order';
import { renderWithShop, type ApiAnswer } from '../../../testing/render-with-shop.tsx';
import { paidOrder } from '../../../testing/sample-orders.ts';
import { RefundOrderDialog } from './refund-order-dialog.tsx';

/** The paid order of 4 drills at $250, of which $300 was already given back. */
const partlyRefunded: Order = { ...paidOrder, refundedAmount: 300, refundableAmount: 700 };

function renderRefund(answer: () => ApiAnswer = () => ({ status: 200, body: { acknowledged: true, refundedAmount: 500, status: 'paid' } })) {
  const onClose = vi.fn();
  const view = renderWithShop(<RefundOrderDialog order={partlyRefunded} onClose={onClose} />, answer);
  return { ...view, onClose };
}

describe('refund dialog', () => {
  it('offers what is left to refund and says so', () => {
    renderRefund();
    expect((screen.getByLabelText('Amount ($)') as HTMLInputElement).value).toBe('700');
    screen.getByText(/paid \$1,000\.00, \$700\.00 left to refund/);
  });

  it('refuses more than is left, a sum that is not an amount of dollars and cents, and a missing reason, before asking anything', async () => {
    const { user, sent } = renderRefund();
    const amount = screen.getByLabelText('Amount ($)');
    await user.clear(amount);
    await user.type(amount, '701');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(refundMessages.pastTotal(700));
    await screen.findByText(refundMessages.noReason);

    await user.clear(amount);
    await user.type(amount, '1e2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(refundMessages.notAnAmount);
    expect(sent).toEqual([]);
  });

  it('asks once more, naming the sum and the buyer, then sends the refund', async () => {
    const { user, sent, onClose } = renderRefund();
    const amount = screen.getByLabelText('Amount ($)');
    await user.clear(amount);
    await user.type(amount, '200');
    await user.type(screen.getByLabelText('Reason'), 'One drill came back unused');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    screen.getByText(/\$200\.00 goes back to Ada Lovelace \(ada@example.com\) for order VL-10042, 4 × Cordless drill, of \$700\.00 left to refund\./);
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, refund $200.00' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toEqual({
      method: 'POST',
      path: `/api/adminPurchased/${partlyRefunded._id}/refund`,
      body: { amount: 200, reason: 'One drill came back unused' },
    });
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const { user, onClose } = renderRefund(() => ({
      status: 409,
      body: { error: 'conflict', message: 'This order is already refunded in full.' },
    }));
    await user.type(screen.getByLabelText('Reason'), 'Duplicate order');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Yes, refund $700.00' }));
    await screen.findByText('This order is already refunded in full.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
