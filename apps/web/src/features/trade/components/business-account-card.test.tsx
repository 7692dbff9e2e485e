import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessAccount } from '@voltline/shared/business-accounts';
import { sampleBusinessAccount } from '../../../testing/sample-business-accounts.ts';
import { renderWithShop, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { BusinessAccountCard } from './business-account-card.tsx';

const refused: BusinessAccount = {
  ...sampleBusinessAccount,
  state: 'refused',
  refusalReason: 'VIES lists another company under this id.',
  decidedAt: '2026-11-25T09:30:00.000Z',
  decidedBy: 'admin@voltline.local',
};

/** The stand-in server: the customer's account as given, the shop in Germany, an application answered as waiting. */
const answerWith = (own: BusinessAccount | null) => (request: SentRequest) => {
  if (request.path === '/api/client-config') return { status: 200, body: { tokenSyncUrl: null, shopCountry: 'DE', vatRate: 19, currency: 'USD', locale: 'en-US' } };
  if (request.path === '/api/business-account' && request.method === 'POST') return { status: 200, body: { ...(request.body as object), _id: refused._id, state: 'pending' } };
  if (request.path === '/api/business-account') return { status: 200, body: own };
  return { status: 404, body: { error: 'not_found', message: 'Not found' } };
};

describe("My Profile's business account (issue 39)", () => {
  it('applies with the company, a VAT id checked in the browser as on the server, and the billing address', async () => {
    const { user, sent } = renderWithShop(<BusinessAccountCard />, answerWith(null));
    await user.click(await screen.findByRole('button', { name: 'Apply for a business account' }));
    const form = screen.getByRole('form', { name: 'Apply for a business account' });
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await within(form).findByText('Company name is required');
    within(form).getByText('Postcode is required');
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(within(form).getByLabelText('Company name'), 'Ampère Électricité SARL');
    // Right shape, wrong check digits: the shared schema's words, before anything is sent.
    await user.type(within(form).getByLabelText('VAT id'), 'FR45732829320');
    await user.type(within(form).getByLabelText('Street and number'), '3 Rue Ampère');
    await user.type(within(form).getByLabelText('Postcode'), '75017');
    await user.type(within(form).getByLabelText('City'), 'Paris');
    await user.selectOptions(within(form).getByLabelText('Country'), 'FR');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await within(form).findByText(/its check digits do not match/);
    await user.clear(within(form).getByLabelText('VAT id'));
    await user.type(within(form).getByLabelText('VAT id'), 'fr 40 303265045');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await expect.poll(() => sent.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/business-account',
        body: { companyName: 'Ampère Électricité SARL', vatId: 'FR40303265045', billingStreet: '3 Rue Ampère', billingPostcode: '75017', billingCity: 'Paris', billingCountry: 'FR' },
      },
    ]);
  });

  it("shows a refusal's reason and applies again from what was sent", async () => {
    const { user, sent } = renderWithShop(<BusinessAccountCard />, answerWith(refused));
    await screen.findByText('Refused: VIES lists another company under this id.');
    await user.click(screen.getByRole('button', { name: 'Apply again' }));
    const form = screen.getByRole('form', { name: 'Apply for a business account' });
    expect(within(form).getByLabelText('Company name')).toHaveProperty('value', 'Ampère Électricité SARL');
    await user.click(within(form).getByRole('button', { name: 'Apply again' }));
    await expect.poll(() => sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { companyName: 'Ampère Électricité SARL', vatId: 'FR40303265045', billingStreet: '3 Rue Ampère', billingPostcode: '75017', billingCity: 'Paris', billingCountry: 'FR' },
    ]);
  });
});
