import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_MONEY, formatMoney, setShopMoney, shopMoney } from '@voltline/shared/money';
import { RefundOrderDialog } from '../features/orders/components/refund-order-dialog.tsx';
import { answerApiWith, renderWithShop } from '../testing/render-with-shop.tsx';
import { paidOrder } from '../testing/sample-orders.ts';
import { createShopQueryClient } from './query-client.ts';
import type { ServerState } from './server-state.ts';
import { learnShopMoney } from './shop-money.ts';

const EUROS_IN_GERMANY = { currency: 'EUR', locale: 'de-DE' };

describe("the shop's currency in the browser (decision 067)", () => {
  afterEach(() => setShopMoney(DEFAULT_SHOP_MONEY));

  it('takes it from the page the server rendered, asking nothing', async () => {
    const sent = answerApiWith(() => ({ status: 500 }));
    const rendered = { money: EUROS_IN_GERMANY, queries: { mutations: [], queries: [] }, router: {} } as ServerState;
    await learnShopMoney(createShopQueryClient(), rendered);
    expect(shopMoney()).toEqual(EUROS_IN_GERMANY);
    expect(sent).toEqual([]);
  });

  it("asks the server's client config for a page drawn from the shell, once for the visit", async () => {
    const sent = answerApiWith((request) =>
      request.path === '/api/client-config' ? { status: 200, body: { tokenSyncUrl: null, shopCountry: 'DE', vatRate: 19, ...EUROS_IN_GERMANY } } : { status: 404 },
    );
    const queryClient = createShopQueryClient();
    await learnShopMoney(queryClient, undefined);
    expect(shopMoney()).toEqual(EUROS_IN_GERMANY);
    expect(formatMoney(1000)).toBe('1.000,00\u00a0€');
    await learnShopMoney(queryClient, undefined);
    expect(sent.map((request) => request.path)).toEqual(['/api/client-config']);
  });

  it('keeps the default when the server cannot be asked: the page says that itself', async () => {
    answerApiWith(() => ({ status: 503, body: { error: 'unavailable', message: 'Down' } }));
    await learnShopMoney(createShopQueryClient(), undefined);
    expect(shopMoney()).toEqual(DEFAULT_SHOP_MONEY);
  });

  it("writes a form's amounts and its field's label in the shop's currency", () => {
    setShopMoney(EUROS_IN_GERMANY);
    renderWithShop(<RefundOrderDialog order={{ ...paidOrder, refundedAmount: 300, refundableAmount: 700 }} onClose={() => {}} />);
    expect((screen.getByLabelText('Amount (€)') as HTMLInputElement).value).toBe('700');
    screen.getByText(/paid 1\.000,00\s€, 700,00\s€ left to refund/);
  });
});
