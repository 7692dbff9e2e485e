import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { CouponForm } from './coupon-form.tsx';
import { DeliveryPromotionForm } from './delivery-promotion-form.tsx';

/** Issue 36: the forms refuse a date outside the shop's years in the API's words, before asking it. */
describe("the pricing forms' dates", () => {
  it('refuses a coupon valid from 1999 or until 2101, as the API would, and sends one in the shop’s years', async () => {
    const { user, sent } = renderWithShop(<CouponForm />, () => ({ status: 201, body: { code: 'WINTER10' } }));
    await user.type(screen.getByLabelText('Code'), 'winter10');
    await user.type(screen.getByLabelText('Percent off'), '10');
    const from = screen.getByLabelText('Valid from (optional)') as HTMLInputElement;
    const until = screen.getByLabelText('Valid until (optional)') as HTMLInputElement;
    expect([from.min, from.max]).toEqual(['2000-01-01T00:00', '2100-12-31T23:59']);
    fireEvent.change(from, { target: { value: '1999-06-01T12:00' } });
    fireEvent.change(until, { target: { value: '2101-06-01T12:00' } });
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    await screen.findByText('Valid from must be in the years 2000 to 2100, in UTC');
    screen.getByText('Valid until must be in the years 2000 to 2100, in UTC');
    expect(sent).toEqual([]);

    fireEvent.change(from, { target: { value: '2026-12-01T12:00' } });
    fireEvent.change(until, { target: { value: '2027-01-01T12:00' } });
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.body).toMatchObject({ validFrom: new Date('2026-12-01T12:00').toISOString(), validUntil: new Date('2027-01-01T12:00').toISOString() });
  });

  it("refuses a promotion's end in 2101, as the API would", async () => {
    const { user, sent } = renderWithShop(<DeliveryPromotionForm saved={{ percentOff: 10, active: true, until: null }} />);
    fireEvent.change(screen.getByLabelText('Ends by itself at (optional)'), { target: { value: '2101-06-01T12:00' } });
    await user.click(screen.getByRole('button', { name: 'Save promotion' }));
    await screen.findByText('Until must be in the years 2000 to 2100, in UTC');
    expect(sent).toEqual([]);
  });
});
