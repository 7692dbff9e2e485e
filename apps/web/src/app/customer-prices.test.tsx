import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cartLineOf, cartOf } from '@voltline/shared/cart-rules';
import type { MyPrices } from '@voltline/shared/customer-groups';
import type { Tool } from '@voltline/shared/tool';
import { SessionContext } from '../lib/session/session-context.ts';
import { renderWithShop, type ApiAnswer, type SentRequest } from '../testing/render-with-shop.tsx';
import { sampleDrill } from '../testing/sample-tools.ts';
import { PricedToolGrid } from './priced-tool-grid.tsx';
import { CartPage } from './routes/cart.tsx';
import { PurchasePage } from './routes/purchase.tsx';

/*
 * Issue 39, part 2 (decision 072): the catalogue's cards and the purchase page show the signed-in
 * customer's own prices, read from GET /api/my-prices after the public answer (list prices); the
 * cart shows the ones GET /api/cart answers (issue 44: the pages work out no money).
 */

const drill: Tool = { ...sampleDrill, _id: '00000000-0000-4000-8000-0000000000d1', toolName: 'DD-18 Drill', price: 100, minimumOrderQuantity: 1 };
const saw: Tool = { ...sampleDrill, _id: '00000000-0000-4000-8000-0000000000a5', toolName: 'CS-7 Saw', price: 50, minimumOrderQuantity: 1 };

/** Trade in a German shop (prices with 19 % VAT), shown without VAT: the drill 20 % off, 5 % more from 10 units; the saw at its list price. */
const tradePrices: MyPrices = {
  group: { key: 'trade', name: 'Trade', displayPricesWithoutVat: true },
  tools: [
    {
      toolId: drill._id, listPrice: 100, unitPrice: 80, displayedPrice: 67.23, minimumOrderQuantity: 1, displayedNetOf: 19,
      tiers: [{ fromUnits: 1, toUnits: 9, unitPrice: 80, displayedPrice: 67.23 }, { fromUnits: 10, toUnits: null, unitPrice: 76, displayedPrice: 63.87 }],
    },
    { toolId: saw._id, listPrice: 50, unitPrice: 50, displayedPrice: 42.02, minimumOrderQuantity: 1, displayedNetOf: 19, tiers: [{ fromUnits: 1, toUnits: null, unitPrice: 50, displayedPrice: 42.02 }] },
  ],
};
/** A retail customer pays the list price, with VAT. */
const retailPrices: MyPrices = {
  group: { key: 'retail', name: 'Retail', displayPricesWithoutVat: false },
  tools: [drill, saw].map((tool) => ({ toolId: tool._id, listPrice: tool.price, unitPrice: tool.price, displayedPrice: tool.price, minimumOrderQuantity: 1, displayedNetOf: null, tiers: [{ fromUnits: 1, toUnits: null, unitPrice: tool.price, displayedPrice: tool.price }] })),
};

/** The stand-in server: `mine` for /api/my-prices (of the tools asked for), the tools, and the cart. */
function shopAnswering(mine: MyPrices, extra: (request: SentRequest) => ApiAnswer | undefined = () => undefined) {
  return (request: SentRequest): ApiAnswer => {
    if (request.path.startsWith('/api/my-prices?toolIds=')) {
      const asked = decodeURIComponent(request.path.split('=')[1]!).split(',');
      return { status: 200, body: { ...mine, tools: mine.tools.filter((tool) => asked.includes(tool.toolId)) } };
    }
    return extra(request) ?? { status: 404, body: { error: 'not_found', message: 'Not found' } };
  };
}
const myPricesReads = (sent: SentRequest[]) => sent.filter((request) => request.path.startsWith('/api/my-prices')).map((request) => request.path);
const cardOf = (toolName: string) => screen.getAllByTestId('tool-card').find((card) => card.textContent?.includes(toolName))!;

describe("the customer's own prices over the public list prices (decision 072)", () => {
  it("shows a trade customer's prices without VAT on the catalogue's cards, read in one request for the page's tools", async () => {
    const { sent } = renderWithShop(<PricedToolGrid id="tools" tools={[drill, saw]} />, shopAnswering(tradePrices), { signedInAs: 'trade@example.com' });
    await screen.findByText('Your Trade price: $67.23 without VAT');
    // A tool trade pays the list price for still shows without VAT, as the group says.
    within(cardOf('CS-7 Saw')).getByText('Your Trade price: $42.02 without VAT');
    expect(within(cardOf('DD-18 Drill')).getByTestId('tool-card-price').textContent).toBe('Your Trade price: $67.23 without VAT');
    expect(myPricesReads(sent)).toEqual([`/api/my-prices?toolIds=${drill._id},${saw._id}`]);
  });

  it('leaves the list prices to a retail customer, and asks nothing for a visitor', async () => {
    const retail = renderWithShop(<PricedToolGrid id="tools" tools={[drill, saw]} />, shopAnswering(retailPrices), { signedInAs: 'retail@example.com' });
    await expect.poll(() => myPricesReads(retail.sent)).toHaveLength(1);
    // The answer is in: the cards still say the list price.
    await expect.poll(() => screen.queryAllByText(/^Unit price: /).map((line) => line.textContent)).toEqual(['Unit price: $100.00', 'Unit price: $50.00']);
    expect(screen.queryByText(/Your Retail price/)).toBeNull();
    retail.unmount();

    const visitor = renderWithShop(
      <SessionContext.Provider value={{ status: 'signed-out', user: null, signOut: async () => {} }}>
        <PricedToolGrid id="tools" tools={[drill, saw]} />
      </SessionContext.Provider>,
      shopAnswering(tradePrices),
    );
    within(cardOf('DD-18 Drill')).getByText('Unit price: $100.00');
    // Time for a read to go out, had one been asked for.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(myPricesReads(visitor.sent)).toEqual([]);
  });

  it(`reads a long list (Show more, page after page) in parts of at most 100 tools`, async () => {
    const many = Array.from({ length: 130 }, (_, index) => ({ ...drill, _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, toolName: `Tool ${index}` }));
    const { sent } = renderWithShop(<PricedToolGrid id="tools" tools={many} />, shopAnswering(tradePrices), { signedInAs: 'trade@example.com' });
    await expect.poll(() => myPricesReads(sent).map((path) => path.split('=')[1]!.split(',').length)).toEqual([100, 30]);
  });

  it("shows the cart's lines, line totals and subtotal as the server answers them at the trade customer's prices, and asks no prices of its own", async () => {
    // The server's answer (GET /api/cart): 12 drills at the tier from 10, 76.00 a unit charged; the
    // figures without VAT worked out there (a line's total less the VAT in it, as the invoice takes it out).
    const tradeDrill = { ...drill, price: 76 };
    const cart = cartOf([
      { ...cartLineOf({ toolId: drill._id, quantity: 12, addedUnitPrice: 76, toolName: drill.toolName, img: drill.img }, tradeDrill), customerPrice: { groupName: 'Trade', withoutVat: true, displayedPrice: 63.87, displayedAddedUnitPrice: 63.87, displayedLineTotal: 766.39 } },
      { ...cartLineOf({ toolId: saw._id, quantity: 2, addedUnitPrice: 50, toolName: saw.toolName, img: saw.img }, saw), customerPrice: { groupName: 'Trade', withoutVat: true, displayedPrice: 42.02, displayedAddedUnitPrice: 42.02, displayedLineTotal: 84.03 } },
    ]);
    const { sent } = renderWithShop(<CartPage />, shopAnswering(tradePrices, (request) => (request.path === '/api/cart' ? { status: 200, body: cart } : undefined)), { signedInAs: 'trade@example.com' });
    await screen.findByText('Your Trade price: $63.87 without VAT');
    const [drillLine, sawLine] = screen.getAllByTestId('cart-line');
    expect(within(drillLine!).getByTestId('cart-line-total').textContent).toBe('Line total: $766.39 without VAT');
    within(sawLine!).getByText('Your Trade price: $42.02 without VAT');
    expect(within(sawLine!).getByTestId('cart-line-total').textContent).toBe('Line total: $84.03 without VAT');
    // The subtotal as the server added the lines up as shown.
    expect(cart.displayedSubtotal).toBe(850.42);
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('Subtotal: $850.42 without VAT');
    expect(myPricesReads(sent)).toEqual([]);
  });

  it("shows the purchase page's tool at the signed-in customer's price", async () => {
    renderWithShop(
      <Routes>
        <Route path="/purchase/:toolId" element={<PurchasePage />} />
      </Routes>,
      shopAnswering(tradePrices, (request) => (request.path === `/api/getTool/${drill._id}` ? { status: 200, body: drill } : undefined)),
      { signedInAs: 'trade@example.com', at: `/purchase/${drill._id}` },
    );
    await screen.findByText('Your Trade price: $67.23 without VAT');
    expect(screen.queryByText('Unit price: $100.00')).toBeNull();
  });
});
