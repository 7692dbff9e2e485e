import './lib/zod-jitless.ts';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createShopQueryClient } from './app/query-client.ts';
import { createShopRouter } from './app/router.tsx';
import { readServerState } from './app/server-state.ts';
import './index.css';

async function startShop() {
  const queryClient = createShopQueryClient();
  // Public pages arrive rendered by the server: the app takes them over with the same data. Other
  // pages (sign-in, dashboard) arrive as the empty shell and render here.
  const serverState = readServerState();
  if (serverState) hydrate(queryClient, serverState.queries);
  const router = await createShopRouter(queryClient, serverState?.router);

  // Spec 8: a token the server refuses signs the user out and goes to /home.
  const goHome = () => void router.navigate('/home');
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} onSignedOutByServer={goHome}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  const container = document.getElementById('root')!;
  if (serverState) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void startShop();
