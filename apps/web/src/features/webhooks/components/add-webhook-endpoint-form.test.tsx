import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { AddWebhookEndpointForm } from './add-webhook-endpoint-form.tsx';

const created = { _id: 'e1', url: 'https://erp.example.com/hooks', events: ['order.paid'], active: true, createdAt: '2026-11-23T00:00:00Z', secret: 'whsec_1' };

describe('add webhook endpoint form', () => {
  it('asks for an http(s) address and at least one event', async () => {
    const { user, sent } = renderWithShop(<AddWebhookEndpointForm onAdded={() => {}} />);
    await user.type(screen.getByLabelText('Endpoint URL'), 'ftp://erp.example.com/hooks');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await screen.findByText('The address must be an http(s) URL');
    screen.getByText('Pick at least one event');
    expect(sent).toEqual([]);
  });

  it('sends the address and the chosen events, and hands the one-time secret on', async () => {
    const onAdded = vi.fn();
    const { user, sent } = renderWithShop(<AddWebhookEndpointForm onAdded={onAdded} />, () => ({ status: 201, body: created }));
    await user.type(screen.getByLabelText('Endpoint URL'), ' https://erp.example.com/hooks ');
    await user.click(screen.getByLabelText('order.paid'));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalledWith(created));
    expect(sent[0]).toMatchObject({ method: 'POST', body: { url: 'https://erp.example.com/hooks', events: ['order.paid'] } });
    await screen.findByText('Webhook endpoint added');
  });

  it("shows where the server refused the address, in the server's words", async () => {
    const { user } = renderWithShop(<AddWebhookEndpointForm onAdded={() => {}} />, () => ({
      status: 400,
      body: { error: 'bad_request', message: 'Link-local addresses cannot receive webhooks.' },
    }));
    await user.type(screen.getByLabelText('Endpoint URL'), 'http://169.254.169.254/latest');
    await user.click(screen.getByLabelText('order.placed'));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await screen.findByText('Link-local addresses cannot receive webhooks.');
  });
});
