import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';

/** Only paths on this shop: "//evil.example" or "/\evil.example" would leave it. */
function isShopPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** What the visitor was trying to open, as the login page tells them. */
function reasonFor(origin: string): string {
  if (origin.startsWith('/purchase/')) return 'Log in or create an account to place your order.';
  if (origin.startsWith('/payment/')) return 'Log in to pay for your order.';
  return 'Log in to open that page.';
}

/**
 * product.md, "Screens": after login the user returns to the login-only page that sent them here
 * (RequireAuth puts it in the location state, the server's redirect in `?from=`), or to `fallback` (a path, or a function that finds one). The same way back is handed to the
 * register page, so signing up on the way to a purchase returns to it too. `reason` says why the
 * visitor was sent to log in (none when they came of their own accord); `withWayBack` gives the
 * address of the next page (register, login) with the way back in it (`?from=`): in the address, not
 * the history's state, so that a link followed before the server-rendered page is taken over by its
 * scripts (a plain link then) still carries it.
 */
export function useReturnToOrigin(fallback: string | (() => Promise<string>) = '/'): {
  returnToOrigin: () => void;
  reason: string | undefined;
  withWayBack: (path: string) => string;
} {
  const location = useLocation();
  const navigate = useNavigate();
  // RequireAuth puts the way back in the history's state; the server's redirect in the address (?from=).
  const from = (location.state as { from?: Partial<Location> } | null)?.from ?? { pathname: new URLSearchParams(location.search).get('from') ?? '' };
  const origin = `${from.pathname ?? ''}${from.search ?? ''}`;
  const known = isShopPath(origin);
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const returnToOrigin = useCallback(() => {
    const go = (target: string) => void navigate(target, { replace: true });
    if (known) go(origin);
    else if (typeof fallback === 'string') go(fallback);
    // The landing is asked of the server; a visitor who followed a link meanwhile stays where they went.
    else void fallback().then((target) => shown.current && go(target));
  }, [navigate, known, origin, fallback]);
  const withWayBack = (path: string) => (known ? `${path}?from=${encodeURIComponent(origin)}` : path);
  return { returnToOrigin, reason: known ? reasonFor(origin) : undefined, withWayBack };
}
