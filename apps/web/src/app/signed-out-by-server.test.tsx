import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionResponse } from '@voltline/shared/account';
import { apiRequest } from '../lib/api-client.ts';
import { removeAccessToken } from '../lib/session/access-token.ts';
import { answerApiWith } from '../testing/render-with-shop.tsx';
import { drawAtOnce } from './draw-at-once.ts';
import { createShopQueryClient } from './query-client.ts';
import { RequireAuth } from './route-guards/require-auth.tsx';
import { ShopShell } from './shop-shell.tsx';

const ADA = { id: 'u-ada', name: 'Ada Volt', email: 'ada@example.com', image: null };

/** A login-only page whose one call the server refuses, as it does a token it no longer accepts. */
function RefusedPage() {
  const refused = useQuery({ queryKey: ['refused'], queryFn: () => apiRequest('/purchased') });
  return <p>{refused.isPending ? 'Asking' : 'Answered'}</p>;
}

afterEach(() => removeAccessToken());

describe('a token the server refuses (product.md, "What the shop says")', () => {
  it('goes home, not to /login, even when the home page takes a while to load', async () => {
    answerApiWith((request) =>
      request.path === '/api/session'
        ? { status: 200, body: { user: ADA, token: 'shop-token' } satisfies SessionResponse }
        : request.path === '/api/purchased'
          ? { status: 401, body: { error: 'unauthorized', message: 'Please sign in again.' } }
          : { status: 200, body: {} },
    );
    const router = createMemoryRouter(
      [
        {
          element: <ShopShell />,
          children: [
            // The home page's code arrives late, as on a busy machine.
            { path: '/home', lazy: async () => (await new Promise((resolve) => setTimeout(resolve, 150)), { Component: () => <h1>Home</h1> }) },
            { path: '/login', Component: () => <h1>Login</h1> },
            { element: <RequireAuth />, children: [{ path: '/dashboard/myorders', Component: RefusedPage }] },
          ],
        },
      ],
      { initialEntries: ['/dashboard/myorders'] },
    );
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    render(
      <QueryClientProvider client={createShopQueryClient()}>
        <RouterProvider router={router} flushSync={drawAtOnce} />
      </QueryClientProvider>,
    );

    await screen.findByRole('heading', { name: 'Home' }, { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(router.state.location.pathname).toBe('/home');
    expect(visited).not.toContain('/login');
    await vi.waitFor(() => expect(screen.queryByText('Asking')).toBeNull());
  });
});
