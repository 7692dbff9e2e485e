import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { PageHead } from '../lib/page-head/page-head.ts';

interface PageOf {
  params: Params;
  /** The address's query: what a page's view is made of (the catalogue's search and order). */
  search: URLSearchParams;
  queryClient: QueryClient;
}

/**
 * What a route knows besides its page (its `handle`). The shop uses React Router's declarative mode
 * (docs/decisions/005-declarative-routing.md), whose routes have no loaders: the data a page needs
 * first is started here instead, by the app on each navigation and awaited by the server's render.
 */
export interface PageHandle {
  /**
   * Starts the page's data. On the server it resolves when the data is in the query cache, with the
   * page's HTTP status; a failure to load makes the browser render the page instead.
   */
  load?: (params: Params, search: URLSearchParams) => Promise<number>;
}

/**
 * A public page's handle. A route with one is rendered on the server with its data and head
 * (entry-server.tsx); every other route (sign-in, login-only, admin) is left to the browser.
 */
export interface PublicPageHandle extends PageHandle {
  head: (page: PageOf) => Promise<PageHead>;
}

/**
 * A login-only page whose first data is public, what anyone may ask the API for (a tool): the
 * browser still renders the page, but the server loads that data, unsigned, and hands it with the
 * shell, and preloads the page's largest picture, so the page shows as soon as the session is known
 * instead of asking for its data and then its picture (issue 15, /purchase). Never anything about
 * the caller: the server's render has no session.
 */
export interface ShellDataHandle extends PageHandle {
  load: (params: Params, search: URLSearchParams) => Promise<number>;
  /** The address of the picture the page shows largest (its LCP element), from the loaded data. */
  picture: (page: PageOf) => string | undefined;
}

export function pageHandle(handle: unknown): PageHandle | undefined {
  return typeof handle === 'object' && handle !== null ? (handle as PageHandle) : undefined;
}

export function publicPageHandle(handle: unknown): PublicPageHandle | undefined {
  return typeof handle === 'object' && handle !== null && 'head' in handle ? (handle as PublicPageHandle) : undefined;
}

export function shellDataHandle(handle: unknown): ShellDataHandle | undefined {
  return typeof handle === 'object' && handle !== null && 'picture' in handle ? (handle as ShellDataHandle) : undefined;
}
