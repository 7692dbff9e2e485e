import { useCallback } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';

/** Only paths on this shop: "//evil.example" or "/\evil.example" would leave it. */
function isShopPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/**
 * product.md, "Screens": after login the user returns to the login-only page that sent them here
 * (RequireAuth puts it in the location state), or to "/".
 */
export function useReturnToOrigin(): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as { from?: Partial<Location> } | null)?.from;
  const origin = `${from?.pathname ?? ''}${from?.search ?? ''}`;
  const target = isShopPath(origin) ? origin : '/';
  return useCallback(() => void navigate(target, { replace: true }), [navigate, target]);
}
