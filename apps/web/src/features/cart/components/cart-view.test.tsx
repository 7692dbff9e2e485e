import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cartLineOf, cartOf, cartMessages, type Cart, type StoredCartLine } from '@voltline/shared/cart-rules';
import { orderQuantityMessages } from '@voltline/shared/order-rules';
import { SessionContext, type Session } from '../../../lib/session/session-context.ts';
import { renderWithShop, type ApiAnswer, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { useCart } from '../hooks/use-cart.ts';
import { CartView } from './cart-view.tsx';

const drill = { _id: 'drill', toolName: 'DD-18 Drill', img: '/images/tools/drill.svg', description: 'A drill', price: 135, minimumOrderQuantity: 1, availableQuantity: 10, orderableQuantity: 10 };
const saw = { _id: 'saw', toolName: 'CS-7 Saw', img: '/images/tools/saw.svg', description: 'A saw', price: 80, minimumOrderQuantity: 2, availableQuantity: 4, orderableQuantity: 4 };
const stored = (tool: typeof drill, quantity: number, addedUnitPrice = tool.price): StoredCartLine => ({ toolId: tool._id, quantity, addedUnitPrice, toolName: tool.toolName, img: tool.img });

const session = (status: Session['status']): Session => ({
  status,
  user: status === 'signed-in' ? { id: 'u1', name: 'Ada', email: 'ada@example.com', image: null } : null,
  signOut: async () => {},
});

/** The cart as its route reads it. */
function Cart() {
  return <CartView access={useCart()} />;
}

function renderCart(status: Session['status'], answer: (request: SentRequest) => ApiAnswer) {
  return renderWithShop(
    <SessionContext.Provider value={session(status)}>
      <Cart />
    </SessionContext.Provider>,
    answer,
  );
}

afterEach(() => localStorage.clear());

// Typing and clicking through two lines takes seconds on a busy machine (CI runs the suites side by side).
describe('the cart page', { timeout: 20_000 }, () => {
  it("shows a customer's lines at the current prices, says what moved and what cannot be ordered, and changes the server's cart", async () => {
    const cart: Cart = cartOf([cartLineOf(stored(drill, 2, 100), drill), cartLineOf(stored(saw, 3), null)]);
    const changed: Cart = cartOf([cartLineOf(stored(drill, 4, 100), drill), cartLineOf(stored(saw, 3), null)]);
    const { user, sent } = renderCart('signed-in', (request) => {
      if (request.method === 'GET' && request.path === '/api/cart') return { status: 200, body: cart };
      if (request.method === 'PUT') return { status: 200, body: changed };
      if (request.method === 'DELETE') return { status: 200, body: cartOf([cartLineOf(stored(drill, 4, 100), drill)]) };
      return { status: 404, body: { error: 'not_found', message: 'Not found' } };
    });

    const drillLine = (await screen.findAllByTestId('cart-line'))[0]!;
    within(drillLine).getByText('Unit price: $135.00');
    within(drillLine).getByText('The price changed since you added it: was $100.00, now $135.00.');
    within(drillLine).getByText('Line total: $270.00');
    const sawLine = screen.getAllByTestId('cart-line')[1]!;
    within(sawLine).getByText(cartMessages.toolDeleted(saw.toolName));
    screen.getByText('Subtotal: $270.00');

    const quantity = screen.getByRole('spinbutton', { name: `Quantity of ${drill.toolName}` });
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(screen.getByRole('button', { name: `Update quantity of ${drill.toolName}` }));
    await screen.findByText('Line total: $540.00');
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([{ method: 'PUT', path: '/api/cart/lines/drill', body: { quantity: 4 } }]);

    await user.click(screen.getByRole('button', { name: `Remove ${saw.toolName}` }));
    await expect.poll(() => screen.getAllByTestId('cart-line').length).toBe(1);
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/cart/lines/saw' });
  });

  it("shows a customer's line at their own price as the server answers it, and a price changed since they added it in their figures", async () => {
    // Trade's 76.00 a unit (63.87 without VAT) where they added it at 80.00 (67.23): the server's
    // figures, line total and subtotal without VAT included; the page works none of them out.
    const asTrade = { ...drill, price: 76, minimumOrderQuantity: 5, availableQuantity: 50, orderableQuantity: 50 };
    const line = cartLineOf(stored(asTrade, 12, 80), asTrade);
    const cart: Cart = cartOf([{ ...line, customerPrice: { groupName: 'Trade', withoutVat: true, displayedPrice: 63.87, displayedAddedUnitPrice: 67.23, displayedLineTotal: 766.39 } }]);
    expect(cart).toMatchObject({ subtotal: 912, displayedSubtotal: 766.39 });
    renderCart('signed-in', () => ({ status: 200, body: cart }));

    const [tradeLine] = await screen.findAllByTestId('cart-line');
    within(tradeLine!).getByText('Your Trade price: $63.87 without VAT');
    within(tradeLine!).getByText('The price changed since you added it: was $67.23, now $63.87.');
    expect(within(tradeLine!).getByTestId('cart-line-total').textContent).toBe('Line total: $766.39 without VAT');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('Subtotal: $766.39 without VAT');
    // The group's minimum bounds the quantity field.
    expect(screen.getByRole('spinbutton', { name: `Quantity of ${drill.toolName}` }).getAttribute('min')).toBe('5');
  });

  it('leaves an out-of-stock line and one above what can be ordered out of the subtotal, says so at each, and holds Checkout back', async () => {
    const soldOut = { ...saw, _id: 'sold-out', toolName: 'SO-1 Sander', availableQuantity: 0, orderableQuantity: 0 };
    const fewLeft = { ...saw, _id: 'few-left', toolName: 'FL-2 Grinder', price: 50, availableQuantity: 3, orderableQuantity: 3 };
    const cart: Cart = cartOf([cartLineOf(stored(drill, 2), drill), cartLineOf(stored(soldOut, 2), soldOut), cartLineOf(stored(fewLeft, 4), fewLeft)]);
    renderCart('signed-in', () => ({ status: 200, body: cart }));

    const [, soldOutLine, fewLeftLine] = await screen.findAllByTestId('cart-line');
    expect(within(soldOutLine!).getByTestId('cart-line-problem').textContent).toBe(`${cartMessages.outOfStock(soldOut.toolName)} ${cartMessages.notInSubtotal}`);
    expect(within(fewLeftLine!).getByTestId('cart-line-problem').textContent).toBe(`${orderQuantityMessages.tooMany(3)} ${cartMessages.notInSubtotal}`);
    // The drill's two at $135.00 alone.
    screen.getByText('Subtotal: $270.00');
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    expect(checkout).toHaveProperty('disabled', true);
    expect(checkout.getAttribute('aria-describedby')).toBe('checkout-waits');
    screen.getByText(cartMessages.checkoutWaits);
  });

  it("reads a visitor's browser cart at the tools' current prices, and refuses a quantity past what can be ordered in words", async () => {
    localStorage.setItem('VOLTLINE_CART', JSON.stringify([stored(saw, 2, 70), { ...stored(drill, 1), toolId: 'gone', toolName: 'Old Drill' }]));
    const { user, sent } = renderCart('signed-out', (request) => {
      if (request.path === '/api/getTool/saw') return { status: 200, body: saw };
      return { status: 404, body: { error: 'not_found', message: 'Tool not found' } };
    });

    const [sawLine, goneLine] = await screen.findAllByTestId('cart-line');
    within(sawLine!).getByText('The price changed since you added it: was $70.00, now $80.00.');
    within(goneLine!).getByText(cartMessages.toolDeleted('Old Drill'));
    screen.getByText('Subtotal: $160.00');

    const quantity = screen.getByRole('spinbutton', { name: `Quantity of ${saw.toolName}` });
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(screen.getByRole('button', { name: `Update quantity of ${saw.toolName}` }));
    expect((await within(sawLine!).findByRole('alert')).textContent).toBe(orderQuantityMessages.tooMany(4));
    expect(JSON.parse(localStorage.getItem('VOLTLINE_CART')!)[0].quantity).toBe(2);

    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: `Update quantity of ${saw.toolName}` }));
    await screen.findByText('Line total: $240.00');
    // Kept in the browser, at the price it was added: nothing was sent but the tools' reads.
    expect(JSON.parse(localStorage.getItem('VOLTLINE_CART')!)[0]).toMatchObject({ quantity: 3, addedUnitPrice: 70 });
    expect(sent.every((request) => request.method === 'GET' && request.path.startsWith('/api/getTool/'))).toBe(true);
  });
});
