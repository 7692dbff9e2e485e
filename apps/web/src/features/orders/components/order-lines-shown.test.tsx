import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { threeToolOrder } from '../../../testing/sample-orders.ts';
import { DeliverOrderDialog } from './deliver-order-dialog.tsx';
import { OrderCard } from './order-card.tsx';
import { OrdersTable } from './orders-table.tsx';

/** Each tool of the three-tool order: name, units, unit price, then the line's total. */
const THREE_LINES = ['DD-18 Drill x 20 at $45.50$910.00', 'CS-7 Saw x 16 at $30.00$480.00', 'BP-5 Battery x 10 at $25.00$250.00'];

const linesIn = (place: HTMLElement) => within(within(place).getByRole('list', { name: 'Tools of order VL-10043' })).getAllByRole('listitem').map((line) => line.textContent);

const noAnswer = () => ({ status: 404, body: {} });

/** Issue 43: an order of three tools read "Quantity 46" and "DD-18 Drill and 2 more" wherever it was shown. */
describe('an order of several tools', () => {
  it('lists every tool on its My Orders card, under its number', () => {
    renderWithShop(<OrderCard order={threeToolOrder} onCancel={() => undefined} />, noAnswer);
    const card = screen.getByTestId('order-card');
    expect(linesIn(card)).toEqual(THREE_LINES);
    expect(within(card).getByRole('heading').textContent).toBe('3 tools');
    expect(card.textContent).toContain('Order: VL-10043');
    expect(card.textContent).not.toMatch(/and 2 more|Quantity: 46/);
  });

  it('lists every tool in its row of Manage All Orders, beside its number', () => {
    renderWithShop(<OrdersTable orders={[threeToolOrder]} onAction={() => undefined} allows={() => true} />, noAnswer);
    const row = screen.getByTestId('order-row');
    expect(linesIn(row)).toEqual(THREE_LINES);
    expect(row.textContent).toContain('VL-10043');
    expect(row.textContent).not.toContain('and 2 more');
  });

  it('lists every tool to pack in the ship dialog', () => {
    renderWithShop(<DeliverOrderDialog order={threeToolOrder} onClose={() => undefined} />, noAnswer);
    const dialog = screen.getByRole('dialog');
    expect(linesIn(dialog)).toEqual(THREE_LINES);
    expect(within(dialog).queryByText('Quantity')).toBeNull();
    expect(dialog.textContent).toContain('VL-10043');
  });
});
