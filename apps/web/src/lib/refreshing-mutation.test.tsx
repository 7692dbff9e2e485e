import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useRefreshingMutation } from './refreshing-mutation.ts';

/** A mutation hook on a client of its own, and the keys it invalidated, in order. */
function mutationOn(hook: () => ReturnType<typeof useRefreshingMutation<string, string>>) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidated: unknown[] = [];
  // Each refetch takes a moment, as over the network: the caller must still hear only once it is done.
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    await new Promise((done) => setTimeout(done, 10));
    invalidated.push(filters?.queryKey);
  });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { result: renderHook(hook, { wrapper }).result, invalidated };
}

const sent = (answer: string) => async (_: string) => answer;
const refused = async (_: string): Promise<string> => {
  throw new Error('409');
};

describe('useRefreshingMutation', () => {
  it('fetches again every key the change made stale, before the caller hears of its success', async () => {
    const { result, invalidated } = mutationOn(() => useRefreshingMutation(sent('done'), [['orders'], ['tools']]));
    let heardAfter: unknown[] = [];
    await act(() => result.current.mutateAsync('order-1').then(() => (heardAfter = [...invalidated])));
    expect(heardAfter).toEqual([['orders'], ['tools']]);
  });

  it('names the stale keys from what was sent', async () => {
    const { result, invalidated } = mutationOn(() => useRefreshingMutation(sent('done'), (orderId) => [['orders', 'detail', orderId]]));
    await act(() => result.current.mutateAsync('order-7'));
    expect(invalidated).toEqual([['orders', 'detail', 'order-7']]);
  });

  it('leaves the lists alone after a refusal unless told a refusal makes them stale too', async () => {
    const plain = mutationOn(() => useRefreshingMutation(refused, [['orders']]));
    await act(() => plain.result.current.mutateAsync('order-1').catch(() => undefined));
    expect(plain.invalidated).toEqual([]);

    const evenWhenRefused = mutationOn(() => useRefreshingMutation(refused, [['orders']], { evenWhenRefused: true }));
    await act(() => evenWhenRefused.result.current.mutateAsync('order-1').catch(() => undefined));
    expect(evenWhenRefused.invalidated).toEqual([['orders']]);
  });
});
