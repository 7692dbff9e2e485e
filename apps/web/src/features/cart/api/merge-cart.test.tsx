import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Cart } from '@voltline/shared/cart-rules';
import { setApiTransport } from '../../../lib/api-client.ts';
import { cartKeys } from '../../../lib/query-keys.ts';
import { cartQueryOptions } from './get-cart.ts';
import { useMergeCart } from './merge-cart.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const emptyCart: Cart = { lines: [], subtotal: 0, units: 0 };
const line = { toolId: 'drill', toolName: 'Drill', img: '/d.svg', unitPrice: 10, quantity: 3, lineTotal: 30, addedUnitPrice: 10, minimumOrderQuantity: 1, maximumQuantity: 50, problem: null };
const mergedCart: Cart = { lines: [line], subtotal: 30, units: 3 };

describe('the cart joining the account at sign-in', () => {
  it("keeps the merged cart when a read of the account's cart sent before the merge answers after it", async () => {
    // The navbar reads the account's cart as the session arrives; that read answers late, with the
    // cart as it was before the browser's lines joined it.
    let answerRead: (() => void) | undefined;
    setApiTransport(async (url, init) => {
      if ((init.method ?? 'GET') === 'GET' && url.endsWith('/cart')) {
        await new Promise<void>((resolve) => (answerRead = resolve));
        return json(emptyCart);
      }
      if (init.method === 'POST' && url.endsWith('/cart/merge')) return json({ ...mergedCart, notes: [] });
      return new Response(null, { status: 404 });
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useMergeCart(), { wrapper });

    const reading = queryClient.fetchQuery(cartQueryOptions).catch(() => undefined);
    await waitFor(() => expect(answerRead).toBeDefined());
    await result.current.mutateAsync([{ toolId: 'drill', quantity: 3, addedUnitPrice: 10, toolName: 'Drill', img: '/d.svg' }]);
    answerRead!();
    await reading;

    expect(queryClient.getQueryData(cartKeys.mine())).toEqual(mergedCart);
  });
});
