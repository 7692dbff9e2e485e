import './lib/zod-jitless.ts';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { drawAtOnce } from './app/draw-at-once.ts';
import { createShopQueryClient } from './app/query-client.ts';
import { createRoutes } from './app/routes.tsx';
import { readServerState } from './app/server-state.ts';
import { learnShopMoney } from './app/shop-money.ts';
import { askSessionEarly } from './lib/session/session-query.ts';
import './index.css';

/**
 * The code of the lazy routes the address shows, put into their route objects before the router is
 * made: the router would otherwise draw nothing (its hydrate fallback) while fetching it, which does
 * not match the server's page (React Router's documented way to hydrate lazy routes).
 */
async function loadRouteCode(routes: RouteObject[]): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      // Code that does not come is the router's to report (the page's error boundary), as on a navigation.
      const loaded = await route.lazy().catch(() => undefined);
      if (loaded) Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

// Who is signed in is asked now, while the page's code loads (one request, issue 30).
askSessionEarly();
const queryClient = createShopQueryClient();
// Public pages and the purchase page arrive rendered by the server: the app takes them over with the
// same data. Other pages (sign-in, dashboard) arrive as the empty shell and render here.
const serverState = readServerState();
if (serverState) hydrate(queryClient, serverState.queries);

const routes = createRoutes({ queryClient, onServer: false });
const container = document.getElementById('root')!;
void Promise.all([loadRouteCode(routes), learnShopMoney(queryClient, serverState)]).then(() => {
  const router = createBrowserRouter(routes, { hydrationData: serverState?.router });
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} flushSync={drawAtOnce} />
      </QueryClientProvider>
    </StrictMode>
  );
  if (serverState) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
