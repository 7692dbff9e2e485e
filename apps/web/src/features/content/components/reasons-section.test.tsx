import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DeliveryPromotion } from '@voltline/shared/delivery-settings';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { ReasonsSection } from './reasons-section.tsx';

const renderReasons = (promotion: DeliveryPromotion) =>
  renderWithShop(<ReasonsSection />, (request) => (request.path === '/api/delivery-promotion' ? { status: 200, body: promotion } : { status: 404 }));

const reasonTitles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

/** Issue 43: "Why choose Voltline" promised 10% off delivery with the promotion at 25% or off. */
describe('"Why choose Voltline" about the delivery promotion', () => {
  it("keeps the spec's words while the promotion is 10% and on", async () => {
    renderReasons({ percentOff: 10, active: true, until: null });
    await screen.findByText('Every order ships with 10% off the delivery charge, wherever you are.');
    expect(reasonTitles()).toEqual([
      'Over 5 years of experience',
      '5% cost saving',
      '10% discount on delivery charge',
      'Tested in our own lab',
      'Stock ready to ship',
    ]);
  });

  it('says the percent that applies, and until when, once an admin changed it', async () => {
    renderReasons({ percentOff: 25, active: true, until: '2026-12-31T12:00:00Z' });
    await screen.findByText('Every order ships with 25% off the delivery charge, wherever you are until Dec 31, 2026.');
    expect(reasonTitles()).toContain('25% discount on delivery charge');
    expect(screen.queryByText(/10%/)).toBeNull();
  });

  it('makes no claim about delivery while the promotion is off', async () => {
    const { sent } = renderReasons({ percentOff: 10, active: false, until: null });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await act(async () => undefined);
    expect(reasonTitles()).toEqual(['Over 5 years of experience', '5% cost saving', 'Tested in our own lab', 'Stock ready to ship']);
    expect(screen.queryByText(/delivery charge/)).toBeNull();
  });
});
