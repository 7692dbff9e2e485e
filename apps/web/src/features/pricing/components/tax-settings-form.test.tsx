import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { TaxSettingsForm } from './tax-settings-form.tsx';

const saved = { country: 'US', standardRate: 0, pricesIncludeVat: true, vatNote: 'No VAT is charged.' };

/** Issue 43, item 7: the owner sets the shop's VAT where they work. */
describe('the tax settings form', () => {
  it('shows the settings as saved, refuses a rate that cannot be in words, and saves the country by its code and the rate as a number', async () => {
    const { user, sent } = renderWithShop(<TaxSettingsForm saved={saved} />, (request) => ({ status: 200, body: request.body }));
    const country = screen.getByRole('combobox', { name: 'Country the shop is in' }) as HTMLSelectElement;
    expect(country.selectedOptions[0]!.textContent).toBe('United States (US)');
    const rate = screen.getByRole('textbox', { name: 'Standard VAT rate (%)' });
    expect((rate as HTMLInputElement).value).toBe('0');

    await user.clear(rate);
    await user.type(rate, '19.555');
    await user.click(screen.getByRole('button', { name: 'Save tax settings' }));
    await screen.findByText(/Standard VAT rate must be a percentage from 0 to 100 with at most two decimals/);
    expect(sent).toEqual([]);

    await user.selectOptions(country, 'Germany (DE)');
    await user.clear(rate);
    await user.type(rate, '19');
    await user.click(screen.getByRole('checkbox', { name: 'Prices as entered include VAT' }));
    await user.click(screen.getByRole('button', { name: 'Save tax settings' }));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/admin/tax-settings', body: { country: 'DE', standardRate: 19, pricesIncludeVat: false, vatNote: 'No VAT is charged.' } });
  });
});
