import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paidOrder } from '../../../testing/sample-orders.ts';
import { OrderSummary } from './order-summary.tsx';

/** Issue 43: the payment page said "Country DE". */
describe("the payment page's order summary", () => {
  it('names the country the order goes to, not its code', () => {
    render(<OrderSummary order={{ ...paidOrder, country: 'DE' }} />);
    const country = within(screen.getByLabelText('Order summary')).getByText('Country', { selector: 'dt' }).nextElementSibling;
    expect(country?.textContent).toBe('Germany');
  });
});
