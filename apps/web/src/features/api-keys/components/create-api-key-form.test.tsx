import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { CreateApiKeyForm } from './create-api-key-form.tsx';

const created = {
  _id: 'k1',
  name: 'ERP',
  scopes: ['orders:read', 'invoices:read'],
  createdAt: '2026-11-28T06:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
  key: 'vl_live_abc',
};

describe('create API key form', () => {
  it('asks for a name and at least one scope', async () => {
    const { user, sent } = renderWithShop(<CreateApiKeyForm onCreated={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByText('Pick at least one scope');
    screen.getByText(/Name the key/);
    expect(sent).toEqual([]);
  });

  it('sends the name and the ticked scopes, and hands the one-time key on', async () => {
    const onCreated = vi.fn();
    const { user, sent } = renderWithShop(<CreateApiKeyForm onCreated={onCreated} />, () => ({ status: 200, body: created }));
    await user.type(screen.getByLabelText('Name'), ' ERP ');
    await user.click(screen.getByLabelText(/orders:read/));
    await user.click(screen.getByLabelText(/invoices:read/));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(sent[0]).toMatchObject({ method: 'POST', path: expect.stringContaining('/admin/api-keys'), body: { name: 'ERP', scopes: ['orders:read', 'invoices:read'] } });
    await screen.findByText('API key created');
  });

  it("shows the server's refusal in its words", async () => {
    const { user } = renderWithShop(<CreateApiKeyForm onCreated={() => {}} />, () => ({ status: 403, body: { error: 'forbidden', message: 'Only an admin can do this.' } }));
    await user.type(screen.getByLabelText('Name'), 'ERP');
    await user.click(screen.getByLabelText(/stock:write/));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByText('Only an admin can do this.');
  });
});
