import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { PageHead } from '../lib/page-head/page-head.ts';

/**
 * A public page's route handle. A route with one is rendered on the server with its data and head
 * (entry-server.tsx); every other route (sign-in, login-only, admin) is left to the browser.
 */
export interface PublicPageHandle {
  head: (page: { params: Params; queryClient: QueryClient }) => PageHead;
}

export function publicPageHandle(handle: unknown): PublicPageHandle | undefined {
  return typeof handle === 'object' && handle !== null && 'head' in handle ? (handle as PublicPageHandle) : undefined;
}
