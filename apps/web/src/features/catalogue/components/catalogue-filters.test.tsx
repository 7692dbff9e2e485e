import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readCatalogueAddress, type CatalogueView } from '../catalogue-address.ts';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { CatalogueFilters } from './catalogue-filters.tsx';

const viewOf = (query: string) => readCatalogueAddress(new URLSearchParams(query));
const categories = [
  { slug: 'power-tools', name: 'Power tools', count: 4 },
  { slug: 'hand-tools', name: 'Hand tools', count: 0 },
];

/** Issue 40, item 5: the catalogue page's filters, its categories counted given the search and the other filters. */
describe('the catalogue page’s filters', () => {
  it('leads to a category’s page with the search, price range, stock and order kept; a category no tool matches is said, not linked', () => {
    renderWithShop(<CatalogueFilters view={viewOf('q=drill&minPrice=20&inStock=true&sort=price-asc')} categories={categories} onChange={() => {}} />);
    expect(screen.getByRole('navigation', { name: 'Categories' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Power tools (4)' }).getAttribute('href')).toBe('/tools/c/power-tools?q=drill&minPrice=20&inStock=true&sort=price-asc');
    expect(screen.queryByRole('link', { name: /Hand tools/ })).toBeNull();
    expect(screen.getByText('Hand tools (0)')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'In stock only' }) as HTMLInputElement).checked).toBe(true);
  });

  it('sets the price range and in stock only, and clears them leaving the search to its box', async () => {
    const onChange = vi.fn<(view: CatalogueView) => void>();
    const view = viewOf('q=drill&inStock=true');
    const { user } = renderWithShop(<CatalogueFilters view={view} categories={categories} onChange={onChange} />);
    const price = screen.getByRole('form', { name: /^Price/ });
    await user.type(within(price).getByLabelText('From'), '20');
    await user.type(within(price).getByLabelText('To'), '99.50');
    await user.click(within(price).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...view, minPrice: '20', maxPrice: '99.50' });
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...view, inStock: false });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...view, inStock: false, minPrice: undefined, maxPrice: undefined });
    expect(onChange.mock.lastCall?.[0].q).toBe('drill');
  });

  it('offers no Clear filters while only a search narrows the catalogue', () => {
    renderWithShop(<CatalogueFilters view={viewOf('q=drill')} categories={[]} onChange={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Categories' })).toBeNull();
  });
});
