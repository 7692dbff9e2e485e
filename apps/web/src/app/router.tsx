import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';
import { createRoutes } from './routes.tsx';

/**
 * The browser's router. On a page the server rendered, it starts from the server's loader data, and
 * the code of the lazy page shown is loaded first: hydrating it before would render the loading
 * fallback where the server wrote the page (a hydration mismatch).
 */
export async function createShopRouter(queryClient: QueryClient, hydrationData: HydrationState | undefined) {
  const routes = createRoutes({ queryClient, waitForData: false });
  if (hydrationData) {
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const loaded = typeof route.lazy === 'function' ? await route.lazy() : {};
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, { hydrationData });
}
