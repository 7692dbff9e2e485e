import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paidOrder, threeToolOrder } from '../../../testing/sample-orders.ts';
import { OrderSummary } from './order-summary.tsx';

/** Issue 43: the payment page said "Country DE". */
describe("the payment page's order summary", () => {
  it('names the country the order goes to, not its code', () => {
    render(<OrderSummary order={{ ...paidOrder, country: 'DE' }} />);
    const country = within(screen.getByLabelText('Order summary')).getByText('Country', { selector: 'dt' }).nextElementSibling;
    expect(country?.textContent).toBe('Germany');
  });

  it('lists each tool of an order of several, with its units, unit price and line total, not the first tool beside the units in all (issue 43)', () => {
    render(<OrderSummary order={threeToolOrder} />);
    const facts = screen.getByLabelText('Order summary');
    expect(within(facts).getByText('Order', { selector: 'dt' }).nextElementSibling?.textContent).toBe('VL-10043');
    expect(within(facts).queryByText('Quantity', { selector: 'dt' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Price summary: lines' })).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'DD-18 Drill x 20 at $45.50$910.00',
      'CS-7 Saw x 16 at $30.00$480.00',
      'BP-5 Battery x 10 at $25.00$250.00',
    ]);
  });
});
