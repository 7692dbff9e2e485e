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
 * What a route says about itself besides its page and loader (its `handle`). A route whose page has
 * a `head` is public: the server renders it with its data and writes that head (entry-server.tsx).
 * `rendered` marks a login-only page the server renders all the same, with only its public part
 * (the purchase page's tool); every other route (sign-in forms, dashboard) is left to the browser.
 */
export interface PageHandle {
  head?: (page: PageOf) => Promise<PageHead>;
  rendered?: true;
}

export function pageHandle(handle: unknown): PageHandle | undefined {
  return typeof handle === 'object' && handle !== null ? (handle as PageHandle) : undefined;
}
