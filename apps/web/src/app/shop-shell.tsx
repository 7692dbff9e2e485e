import { useCallback, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigate } from 'react-router';
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
  // product.md, "What the shop says": a token the server refuses signs the user out and goes to /home.
  // Drawn at once (flushSync): the sign-out waits for it, and a router update is otherwise a
  // transition that a login-only page, hearing of the sign-out, would overtake with /login.
  const goHome = useCallback(async () => navigate('/home', { flushSync: true }), [navigate]);
  const hasOwnHead = pageHandle(useMatches().at(-1)?.handle)?.head !== undefined;

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
