import { useCallback, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { ToastHost } from '../lib/toast/toast-host.tsx';
import { SHELL_TITLE } from '../lib/page-head/page-head.ts';
import { pageHandle } from './public-page.ts';

/**
 * What every page sits in, the popups too: who is signed in, the toasts, and React Router's scroll
 * restoration (a new page at its top or its #hash, Back and Forward and a reload where the visitor was).
 */
export function ShopShell() {
  const navigate = useNavigate();
  const { key: drawnKey } = useLocation();
  /** The location React drew last (its key: a new one for each navigation, even to the same path). */
  const lastDrawn = useRef(drawnKey);
  /** The way home under way: the location drawn when it began, and what ends the wait. */
  const wayHome = useRef<{ from: string; drawn: () => void } | undefined>(undefined);
  useEffect(() => {
    lastDrawn.current = drawnKey;
    if (wayHome.current && wayHome.current.from !== drawnKey) wayHome.current.drawn();
  }, [drawnKey]);
  // product.md, "What the shop says": a token the server refuses signs the user out and goes to /home.
  // The sign-out waits until React has drawn the next page, not only until the router got there:
  // the router's own update is a transition, which a busy machine draws late, and a login-only page
  // still drawn when it heard of the sign-out sent the user on to /login. Another navigation that
  // overtakes this one ends the wait as well.
  const goHome = useCallback(async () => {
    const drawn = new Promise<void>((resolve) => (wayHome.current = { from: lastDrawn.current, drawn: resolve }));
    try {
      await navigate('/home', { flushSync: true });
      await drawn;
    } finally {
      wayHome.current = undefined;
    }
  }, [navigate]);
  const hasOwnHead = pageHandle(useMatches().at(-1)?.handle)?.head !== undefined;

  // The app has taken the page over: a server-rendered page's buttons and forms answer from now on.
  // The browser journeys wait for this mark after each visit (e2e/support/browser.ts), so a click
  // never lands on the server's page before the app listens.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);

  // Public pages name themselves; the others (sign-in, dashboard) take the shell's title back.
  useEffect(() => {
    if (!hasOwnHead) document.title = SHELL_TITLE;
  });

  return (
    <SessionProvider onSignedOutByServer={goHome}>
      <Outlet />
      {/* Toasts appear top-right and close after 5 s; react-toastify loads with the first one. */}
      <ToastHost />
      <ScrollRestoration />
    </SessionProvider>
  );
}
