import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { MyDataCard } from './my-data-card.tsx';

describe('My Profile: your data', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads everything the shop keeps about the person as one file', async () => {
    const saved = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:my-data');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, sent } = renderWithShop(<MyDataCard />, () => ({ status: 200, body: { format: 'voltline-my-data' } }));
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(sent.map((request) => [request.method, request.path])).toEqual([['GET', '/api/me/export']]);
    expect(saved).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('voltline-my-data.json');
  });

  it("shows the shop's refusal in words", async () => {
    const { user } = renderWithShop(<MyDataCard />, () => ({
      status: 429,
      body: { error: 'too_many_requests', message: 'You have downloaded your data several times this hour. Try again in 40 minutes.' },
    }));
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await screen.findByText('You have downloaded your data several times this hour. Try again in 40 minutes.');
  });
});
