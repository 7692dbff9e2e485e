import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '@voltline/shared/account';
import type { CheckoutQuote } from '@voltline/shared/checkout';
import type { Tool } from '@voltline/shared/tool';
import { renderWithShop, type SentRequest } from '../../../testing/render-with-shop.tsx';
import { PurchaseForm } from './purchase-form.tsx';

const shopConfig: ClientConfig = { tokenSyncUrl: null, shopCountry: 'US', vatRate: 0, currency: 'USD', locale: 'en-US' };
const drill: Tool = {
  _id: '00000000-0000-4000-8000-00000000d811',
  toolName: 'DD-18 Drill',
  description: 'A drill',
  img: '/images/tools/drill.svg',
  price: 45.5,
  minimumOrderQuantity: 2,
  availableQuantity: 10,
  orderableQuantity: 10,
  vatRate: null,
  sku: null,
  gtin: null,
  serialised: false,
  warrantyMonths: null,
};
const quoteOf = (quantity: number): CheckoutQuote => {
  const goods = 45.5 * quantity;
  return {
    subtotal: goods,
    deliveryCharge: 4.9,
    deliveryDiscount: 0.49,
    couponDiscount: 0,
    total: Math.round((goods + 4.41) * 100) / 100,
    vat: [{ rate: 0, net: Math.round((goods + 4.41) * 100) / 100, vat: 0 }],
    vatTreatment: 'none',
    addedVat: 0,
    vatId: null,
    vatIdNote: null,
      priceGroup: 'retail',
    lines: [{ toolId: drill._id, product: drill.toolName, quantity, unitPrice: 45.5, lineTotal: goods }],
  };
};
const isQuote = (request: SentRequest) => request.path === '/api/checkout/quote';
const total = () => screen.queryByTestId('summary-total')?.textContent;

describe("the spec's purchase page as a one-line checkout (issue 29)", () => {
  it('quotes the tool at the quantity typed, not a quantity the form refuses, and sends the choices with the order', async () => {
    const { user, sent } = renderWithShop(
      <Routes>
        <Route path="/" element={<PurchaseForm tool={drill} />} />
        <Route path="/payment/:orderId" element={<p>The payment page</p>} />
      </Routes>,
      (request) => {
        if (request.path === '/api/client-config') return { status: 200, body: shopConfig };
        if (isQuote(request)) return { status: 200, body: quoteOf((request.body as { lines: { quantity: number }[] }).lines[0]!.quantity) };
        if (request.path === '/api/purchased') return { status: 200, body: { acknowledged: true, insertedId: 'order-7' } };
        return { status: 404, body: { error: 'not_found', message: 'Not found' } };
      },
    );
    await expect.poll(total, { timeout: 3_000 }).toBe('Total$95.41');
    expect(screen.getByTestId('summary-vat').textContent).toBe('VATNo VAT charged');

    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '11');
    await screen.findByText("**Order quantity can't be greater than 10");
    await user.clear(quantity);
    await user.type(quantity, '3');
    await expect.poll(total, { timeout: 3_000 }).toBe('Total$140.91');
    // 11 is past what can be ordered: never quoted.
    expect(sent.filter(isQuote).map((request) => request.body)).toEqual([
      { country: 'US', lines: [{ toolId: drill._id, quantity: 2 }] },
      { country: 'US', lines: [{ toolId: drill._id, quantity: 3 }] },
    ]);

    await user.type(screen.getByLabelText('Phone'), '5550100');
    await user.type(screen.getByLabelText('Name or company'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Street and number'), '1 Main St');
    await user.type(screen.getByLabelText('Postcode'), '62701');
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.type(screen.getByLabelText('VAT id (businesses)'), 'de 113 866 163');
    // The final button says that ordering means paying (issue 43, the law), the total beside it.
    expect(screen.queryByRole('button', { name: 'Purchase' })).toBeNull();
    await expect.poll(() => screen.queryByTestId('order-and-pay-total')?.textContent, { timeout: 3_000 }).toBe('Total to pay: $140.91');
    await user.click(screen.getByRole('button', { name: 'Order and pay' }));
    await screen.findByText('The payment page');
    const address = { deliveryName: 'Ada Lovelace', deliveryStreet: '1 Main St', deliveryPostcode: '62701', deliveryCity: 'Springfield' };
    expect(sent.filter((request) => request.path === '/api/purchased').map((request) => request.body)).toEqual([
      { toolId: drill._id, quantity: 3, phone: '5550100', ...address, country: 'US', vatId: 'DE113866163' },
    ]);
  });
});
