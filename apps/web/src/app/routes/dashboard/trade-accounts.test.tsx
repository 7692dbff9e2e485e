import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessAccount } from '@voltline/shared/business-accounts';
import { sampleBusinessAccount } from '../../../testing/sample-business-accounts.ts';
import { renderWithShop, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { TradeAccountsPage } from './trade-accounts.tsx';

const waiting: BusinessAccount = {
  ...sampleBusinessAccount,
  note: 'We wire offices.',
  lastVatCheck: { vatId: 'FR40303265045', result: 'valid', checkedAt: '2026-11-24T09:30:00.000Z', consultationNumber: 'WAPIAAAAW000001' },
};
const approved: BusinessAccount = { ...waiting, _id: '6e2d8b1f-3c1b-4a8f-8e4d-2b3c4d5e6f70', companyName: 'Volta Bau GmbH', vatId: 'ATU10000005', state: 'approved', lastVatCheck: null };

/** The stand-in server: the waiting account by default, the approved one under state=approved, the decisions answered. */
function answer(request: SentRequest) {
  if (request.method === 'POST') return { status: 200, body: { ...waiting, state: 'refused' } };
  if (request.path.startsWith('/api/admin/business-accounts')) return { status: 200, body: request.path.includes('state=approved') ? [approved] : request.path.includes('state=refused') ? [] : [waiting] };
  return { status: 404, body: { error: 'not_found', message: 'Not found' } };
}

describe('the Trade accounts page (issue 39)', () => {
  it('opens on the waiting applications with their VIES check, approves one, and refuses one only with a reason in words', async () => {
    const { user, sent } = renderWithShop(<TradeAccountsPage />, answer);
    const row = (await screen.findByText('Ampère Électricité SARL')).closest('tr')!;
    within(row).getByText('VIES: registered on Nov 24, 2026 (WAPIAAAAW000001)', { exact: false });
    expect(sent.find((request) => request.path.startsWith('/api/admin/business-accounts'))!.path).toContain('state=pending');

    await user.click(within(row).getByRole('button', { name: 'Approve Ampère Électricité SARL' }));
    await expect.poll(() => sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/admin/business-accounts/${waiting._id}/approve`, body: {} },
    ]);

    await user.click(within(row).getByRole('button', { name: 'Refuse Ampère Électricité SARL' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await within(dialog).findByText('Reason is required');
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('Reason'), 'VIES lists another company under this id.');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await expect.poll(() => sent.filter((request) => request.method === 'POST').at(-1)).toEqual({
      method: 'POST',
      path: `/api/admin/business-accounts/${waiting._id}/refuse`,
      body: { reason: 'VIES lists another company under this id.' },
    });
  });

  it('shows the approved accounts with a confirmation by hand of their VAT id, and searches company, VAT id or email', async () => {
    const { user, sent } = renderWithShop(<TradeAccountsPage />, answer);
    await screen.findByText('Ampère Électricité SARL');
    await user.click(within(screen.getByRole('group', { name: 'Show accounts' })).getByRole('button', { name: 'Approved' }));
    const row = (await screen.findByText('Volta Bau GmbH')).closest('tr')!;
    within(row).getByText('Not checked');
    expect(within(row).queryByRole('button', { name: /Approve/ })).toBeNull();
    within(row).getByRole('button', { name: 'Confirm the VAT id of Volta Bau GmbH by hand' });

    await user.type(screen.getByRole('searchbox', { name: 'Search company, VAT id or email' }), 'volta{Enter}');
    await expect.poll(() => sent.filter((request) => request.method === 'GET').at(-1)!.path).toContain('q=volta');
  });
});
