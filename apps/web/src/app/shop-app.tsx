import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { matchRoutes, useLocation, useNavigate, useNavigationType, useRoutes, type RouteObject } from 'react-router';
import { keepsScroll } from '../lib/keep-scroll.ts';
import { SHELL_TITLE } from '../lib/page-head/page-head.ts';
import { AppProviders } from './providers.tsx';
import { pageHandle, publicPageHandle } from './public-page.ts';
import { startPageCode } from './lazy-page.tsx';

/** Where the visitor had scrolled on each history entry, to be there again on Back and Forward. */
const scrollPositions = new Map<string, number>();

/**
 * What the data router's ScrollRestoration did, for the declarative router: a new page starts at
 * its top (or at the element its #hash names), and Back or Forward returns to where the visitor was.
 */
function useScrollOnNavigation(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const firstPage = useRef(true);

  useLayoutEffect(() => {
    // The first page is where the browser put it (a link's #hash included).
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    if (navigationType === 'POP') {
      window.scrollTo(0, scrollPositions.get(location.key) ?? 0);
      return;
    }
    // A page changing its own view (the catalogue's Show more, search or order) keeps the visitor where they are.
    if (keepsScroll(location.state)) return;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, location.state, navigationType]);

  // Remembered as the visitor leaves the entry, before the next page renders in its place.
  useEffect(() => {
    const key = location.key;
    const remember = () => scrollPositions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key]);
}

/** The page for the address, with its data started alongside its code. */
function ShopRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const hasOwnHead = publicPageHandle(matchRoutes(routes, location)?.at(-1)?.route.handle) !== undefined;
  useScrollOnNavigation();

  useEffect(() => {
    void startPageCode(routes, location.pathname);
  }, [routes, location.pathname]);
  useEffect(() => {
    const page = matchRoutes(routes, location.pathname)?.at(-1);
    // The page shows a failure itself when its data does not come.
    pageHandle(page?.route.handle)
      ?.load?.(page!.params, new URLSearchParams(location.search))
      .catch(() => undefined);
  }, [routes, location.pathname, location.search]);

  // Public pages name themselves; the others (sign-in, dashboard) take the shell's title back.
  useEffect(() => {
    if (!hasOwnHead) document.title = SHELL_TITLE;
  }, [hasOwnHead, location.pathname]);

  return useRoutes(routes, location);
}

/**
 * The whole shop inside a router: BrowserRouter in the browser (main.tsx), StaticRouter on the
 * server (entry-server.tsx), so both render the same tree and the server's page hydrates.
 */
export function ShopApp({ queryClient, routes }: { queryClient: QueryClient; routes: RouteObject[] }) {
  const navigate = useNavigate();
  // The declarative router's navigate changes with every page; the session keeps one handler.
  const latestNavigate = useRef(navigate);
  useEffect(() => {
    latestNavigate.current = navigate;
  }, [navigate]);
  // product.md, "What the shop says": a token the server refuses signs the user out and goes to /home.
  const goHome = useCallback(() => void latestNavigate.current('/home'), []);

  return (
    <AppProviders queryClient={queryClient} onSignedOutByServer={goHome}>
      <ShopRoutes routes={routes} />
    </AppProviders>
  );
}
