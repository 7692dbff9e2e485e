import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../testing/render-with-shop.tsx';
import { TypedConfirmDialog } from './typed-confirm-dialog.tsx';

function renderDialog() {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  const view = renderWithShop(
    <TypedConfirmDialog
      title="Cancel this order?"
      description="The order is cancelled for good."
      word="CANCEL"
      onConfirm={onConfirm}
      onClose={onClose}
      closeLabel="Keep order"
      confirmLabel="Cancel order"
      pending={false}
      failure={null}
    />,
  );
  return { ...view, onConfirm, onClose };
}

describe('typed confirmation (cancel an order, delete a tool)', () => {
  it('holds the step back until the word is typed exactly', async () => {
    const { user, onConfirm } = renderDialog();
    const confirm = screen.getByRole('button', { name: 'Cancel order' });
    const field = screen.getByLabelText('Type CANCEL to confirm');

    expect(confirm).toHaveProperty('disabled', true);
    await user.type(field, 'cancel');
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(field, '{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'CANCEL');
    expect(confirm).toHaveProperty('disabled', false);
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('closes without confirming', async () => {
    const { user, onConfirm, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Keep order' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
