import './lib/zod-jitless.ts';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createShopQueryClient } from './app/query-client.ts';
import { startPageCode } from './app/lazy-page.tsx';
import { createRoutes } from './app/routes.tsx';
import { readServerState } from './app/server-state.ts';
import { ShopApp } from './app/shop-app.tsx';
import { sessionQueryOptions } from './lib/session/session-query.ts';
import './index.css';

// Back and Forward return to where the visitor was once the page has rendered (shop-app.tsx), not
// before, when the browser would scroll a page that is not there yet.
window.history.scrollRestoration = 'manual';

const queryClient = createShopQueryClient();
// Public pages arrive rendered by the server: the app takes them over with the same data. Other
// pages (sign-in, dashboard) arrive as the empty shell and render here, the purchase page with its
// tool already in the cache.
const serverState = readServerState();
if (serverState) hydrate(queryClient, serverState.queries);

const routes = createRoutes({ queryClient, waitForData: false });
const app = (
  <StrictMode>
    <BrowserRouter>
      <ShopApp queryClient={queryClient} routes={routes} />
    </BrowserRouter>
  </StrictMode>
);

const container = document.getElementById('root')!;
if (serverState?.rendered) {
  // The page's code first (the server's HTML named it for preloading, so it is on its way): a part
  // of the page still waiting for its code while the app takes over is drawn anew by React when an
  // update reaches it, and whatever the visitor had typed into its fields is gone (app/lazy-page.tsx).
  void startPageCode(routes, window.location.pathname).then(() => hydrateRoot(container, app));
} else {
  // Nothing on screen yet to match: who is signed in is asked now, while the app renders, rather
  // than after its first render. A login-only page waits for the answer (the purchase page's LCP).
  // Not before hydrating: an answer arriving mid-hydration would not match the server's HTML.
  void queryClient.prefetchQuery(sessionQueryOptions);
  createRoot(container).render(app);
}
