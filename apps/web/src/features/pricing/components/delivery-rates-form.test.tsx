import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { DeliveryRatesForm } from './delivery-rates-form.tsx';

const saved = { rates: [{ country: 'US', charge: 4.9, freeFrom: 150 }, { country: '*', charge: 19.9, freeFrom: null }] };

/** Issue 43: "Germany" typed as a code became GE, Georgia's rate. A rate's country is chosen by its name. */
describe('the delivery rates form', () => {
  it('names each saved country with its code beside it, and saves Germany as DE when Germany is chosen', async () => {
    const { user, sent } = renderWithShop(<DeliveryRatesForm saved={saved} />, (request) => ({ status: 200, body: request.body }));
    const first = screen.getByRole('combobox', { name: 'Country of rate 1' }) as HTMLSelectElement;
    expect(first.selectedOptions[0]!.textContent).toBe('United States (US)');
    const second = screen.getByRole('combobox', { name: 'Country of rate 2' }) as HTMLSelectElement;
    expect(second.selectedOptions[0]!.textContent).toBe('Rest of the world (*)');
    // Georgia and Germany are both there, each by its own name.
    within(first).getByRole('option', { name: 'Georgia (GE)' });

    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    await screen.findByText(/^Choose the country of each rate\./);
    expect(sent).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country of rate 3' }), 'Germany (DE)');
    await user.type(screen.getByRole('textbox', { name: 'Charge of rate 3' }), '7.50');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.body).toEqual({ rates: [...saved.rates, { country: 'DE', charge: 7.5, freeFrom: null }] });
  });
});
