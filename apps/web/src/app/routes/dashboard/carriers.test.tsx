import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shipmentMessages, type Carrier } from '@voltline/shared/shipments';
import { renderWithShop, type ApiAnswer, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { CarriersPage } from './carriers.tsx';

const SECRET = 'dhl-notice-secret-0123456789abcdefgh';
const dhl: Carrier = { _id: '6f1c2b3a-4d5e-4f7a-8b9c-0d1e2f3a4b40', name: 'DHL', trackingUrlTemplate: 'https://www.dhl.de/track?piececode={tracking}', noticeSecretEnd: null };

/** The stand-in server: DHL, each save answered as the shop does (the secret's last 4 only), or refused. */
function answer(refusal?: ApiAnswer) {
  return (request: SentRequest): ApiAnswer => {
    if (request.method === 'GET') return { status: 200, body: [dhl] };
    if (refusal) return refusal;
    const body = request.body as { name: string; trackingUrlTemplate: string; noticeSecret?: string };
    return { status: 200, body: { _id: dhl._id, name: body.name, trackingUrlTemplate: body.trackingUrlTemplate, noticeSecretEnd: body.noticeSecret?.slice(-4) ?? null } };
  };
}

describe('the Carriers page (issue 38)', () => {
  it('lists the carriers, adds one, and gives one a notice secret without showing it back', async () => {
    const { user, sent } = renderWithShop(<CarriersPage />, answer());
    const row = (await screen.findByText('DHL')).closest('li')!;
    within(row).getByText('No notice secret: the carrier cannot send notices');

    const add = screen.getByRole('form', { name: 'Add a carrier' });
    await user.type(within(add).getByLabelText("Carrier's name"), 'UPS');
    await user.type(within(add).getByLabelText('Tracking address, with {tracking} where the number goes'), 'https://www.ups.com/track?tracknum={{tracking}');
    await user.click(within(add).getByRole('button', { name: 'Add carrier' }));
    await expect.poll(() => sent.filter((request) => request.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/admin/carriers', body: { name: 'UPS', trackingUrlTemplate: 'https://www.ups.com/track?tracknum={tracking}' } },
    ]);

    await user.click(within(row).getByRole('button', { name: 'Change DHL' }));
    const change = screen.getByRole('form', { name: 'Change DHL' });
    expect((within(change).getByLabelText("Carrier's name") as HTMLInputElement).value).toBe('DHL');
    await user.type(within(change).getByLabelText('Notice secret (optional, at least 32 characters)'), SECRET);
    await user.click(within(change).getByRole('button', { name: 'Save carrier' }));
    await expect.poll(() => sent.filter((request) => request.method === 'PUT')[1]?.body).toEqual({ name: 'DHL', trackingUrlTemplate: dhl.trackingUrlTemplate, noticeSecret: SECRET });
    // Saved, the form is back to adding; the secret is in no field.
    await screen.findByRole('form', { name: 'Add a carrier' });
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('refuses a template without {tracking} and a short secret in words before sending, and shows the server\'s refusal', async () => {
    const refusal = { status: 409, body: { error: 'conflict', message: 'The shop keeps at most 50 carriers: change one instead.' } };
    const { user, sent } = renderWithShop(<CarriersPage />, answer(refusal));
    await screen.findByText('DHL');
    const add = screen.getByRole('form', { name: 'Add a carrier' });
    await user.type(within(add).getByLabelText("Carrier's name"), 'UPS');
    await user.type(within(add).getByLabelText('Tracking address, with {tracking} where the number goes'), 'https://www.ups.com/track');
    await user.type(within(add).getByLabelText('Notice secret (optional, at least 32 characters)'), 'short');
    await user.click(within(add).getByRole('button', { name: 'Add carrier' }));
    await screen.findByText(shipmentMessages.templateWithoutPlaceholder);
    screen.getByText(shipmentMessages.shortNoticeSecret);
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.clear(within(add).getByLabelText('Notice secret (optional, at least 32 characters)'));
    await user.type(within(add).getByLabelText('Tracking address, with {tracking} where the number goes'), '/{{tracking}');
    await user.click(within(add).getByRole('button', { name: 'Add carrier' }));
    await screen.findByText('The shop keeps at most 50 carriers: change one instead.');
  });
});
