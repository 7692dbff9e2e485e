import './lib/zod-jitless.ts';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { Writable } from 'node:stream';
import { publicPageHandle, shellDataHandle } from './app/public-page.ts';
import { pageModulesOf } from './app/page-modules.ts';
import { createShopQueryClient } from './app/query-client.ts';
import { createRoutes } from './app/routes.tsx';
import type { ServerState } from './app/server-state.ts';
import { ShopApp } from './app/shop-app.tsx';
import { setApiTransport, type ApiTransport } from './lib/api-client.ts';
import { escapeHtml, jsonForScriptElement, renderHeadTags } from './lib/page-head/head-tags.ts';

/**
 * Server rendering of the public pages (README, "Design"; decision 005): the Fastify app loads this module's build
 * (`vite build --ssr`) and asks it for each page a visitor or a search engine opens. The same routes
 * and components as in the browser render the page with its data, which then hydrates there.
 */

export interface RendererOptions {
  /** The shop's address (PUBLIC_URL): canonical links, Open Graph and JSON-LD addresses are absolute. */
  publicUrl: string;
  /** How the page's API calls reach the shop: the server's own app, in-process. */
  transport: ApiTransport;
}

export interface RenderedPage {
  status: number;
  /** The tags of <head>: title, description, canonical, Open Graph, JSON-LD; for a page the browser renders, its picture's preload. */
  head: string;
  /**
   * The app's markup, for inside <div id="root">; null for a login-only page the browser renders,
   * whose shell then carries only the page's public data (public-page.ts, ShellDataHandle).
   */
  appHtml: string | null;
  /** The hydration state, safe inside <script type="application/json">. */
  serverState: string;
}

export { SERVER_STATE_ELEMENT_ID } from './app/server-state.ts';

/** Renders the whole tree, waiting for every lazy part, as a crawler should see it. */
function renderToHtml(tree: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(tree, {
      onAllReady: () => stream.pipe(sink),
      // The page goes out whole, each lazy page in its place: past this size React would send a large
      // page after the rest with an inline script to move it there, which the CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
}

export function createPageRenderer({ publicUrl, transport }: RendererOptions) {
  setApiTransport(transport);

  /**
   * The page at `url` (path and query), or null when the browser renders it from the plain shell: a
   * page that is neither public nor a login-only page with public data (sign-in, dashboard), or one
   * whose data failed to load (the browser shows that).
   */
  return async function renderPage(url: string): Promise<RenderedPage | null> {
    const queryClient = createShopQueryClient();
    const routes = createRoutes({ queryClient, waitForData: true });
    const address = new URL(url, `${publicUrl}/`);
    const page = matchRoutes(routes, address.pathname)?.at(-1);
    const handle = publicPageHandle(page?.route.handle);
    const shellHandle = handle ? undefined : shellDataHandle(page?.route.handle);
    const loader = handle ?? shellHandle;
    if (!page || !loader) return null;

    let status: number;
    try {
      status = (await loader.load?.(page.params, address.searchParams)) ?? 200;
    } catch {
      return null;
    }
    const failedQuery = queryClient.getQueryCache().getAll().some((cached) => cached.state.status === 'error');
    if (failedQuery) return null;

    if (!handle) {
      // A tool that does not exist: the page finds that out and says so itself, as before.
      if (!shellHandle || status !== 200) return null;
      const picture = shellHandle.picture({ params: page.params, search: address.searchParams, queryClient });
      const serverState: ServerState = { queries: dehydrate(queryClient), rendered: false };
      return {
        status,
        // As React preloads the picture of a page it renders (below): fetched with the page's code.
        head: picture ? `<link rel="preload" as="image" href="${escapeHtml(picture)}" fetchpriority="high" />` : '',
        appHtml: null,
        serverState: jsonForScriptElement(serverState),
      };
    }

    const appHtml = await renderToHtml(
      <StrictMode>
        <StaticRouter location={address.pathname + address.search}>
          <ShopApp queryClient={queryClient} routes={routes} />
        </StaticRouter>
      </StrictMode>,
    );
    // React writes the preloads it found (the largest picture, the logo) first; they belong in <head>,
    // where the browser sees them before it reaches the page.
    const preloads = appHtml.match(/^(?:<link [^>]*\/>)+/)?.[0] ?? '';
    const serverState: ServerState = { queries: dehydrate(queryClient), rendered: true };
    return {
      status,
      head: [renderHeadTags(await handle.head({ params: page.params, search: address.searchParams, queryClient }), publicUrl), preloads].join('\n    '),
      appHtml: appHtml.slice(preloads.length),
      serverState: jsonForScriptElement(serverState),
    };
  };
}
export type PageRenderer = ReturnType<typeof createPageRenderer>;

/**
 * The lazy modules (guards, then the page) the route at `pathname` shows, as the browser build's
 * manifest names them: the server preloads their chunks with the HTML of every page, also of those
 * the browser renders itself (sign-in, login-only), whose code it would otherwise find only after
 * the entry script has run.
 */
export function pageModulesFor(pathname: string): string[] {
  return pageModulesOf(createRoutes({ queryClient: createShopQueryClient(), waitForData: false }), pathname);
}
