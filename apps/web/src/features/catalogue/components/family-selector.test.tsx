import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ToolFamily } from '@voltline/shared/families';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { FamilySelector } from './family-selector.tsx';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
/** An impact driver at 18 V bare (sold out), 18 V as a kit, and 12 V bare. */
const family: ToolFamily = {
  _id: id(9),
  name: 'Impact driver DTD',
  options: ['Voltage', 'Kit'],
  members: [
    { toolId: id(1), toolName: 'DTD 18 V bare', values: ['18 V', 'bare'], price: 129, outOfStock: true },
    { toolId: id(2), toolName: 'DTD 18 V kit', values: ['18 V', 'with 2 batteries'], price: 249, outOfStock: false },
    { toolId: id(3), toolName: 'DTD 12 V bare', values: ['12 V', 'bare'], price: 99, outOfStock: false },
  ],
};

/** Issue 40, item 3: a member's page offers its family's options as links to its siblings. */
describe('the family selector', () => {
  it('links each option’s values to the sibling that keeps the other values, the current one marked, out of stock said in words', () => {
    renderWithShop(<FamilySelector family={family} toolId={id(1)} />);
    expect(screen.getByRole('navigation', { name: 'Options of Impact driver DTD' })).toBeTruthy();
    const kit = screen.getByRole('group', { name: 'Kit' });
    const current = screen.getByRole('link', { name: 'bare (out of stock)' });
    expect(kit.contains(current)).toBe(true);
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'with 2 batteries' }).getAttribute('href')).toBe(`/tools/${id(2)}`);
    // 12 V has no kit and no 18 V: it goes to the 12 V bare one.
    expect(screen.getByRole('link', { name: '12 V' }).getAttribute('href')).toBe(`/tools/${id(3)}`);
    expect(screen.getByRole('link', { name: '18 V (out of stock)' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows nothing on a page whose tool is not one of the family', () => {
    const { container } = renderWithShop(<FamilySelector family={family} toolId={id(8)} />);
    expect(container.textContent).toBe('');
  });
});
