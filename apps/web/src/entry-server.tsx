import './lib/zod-jitless.ts';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router';
import { Writable } from 'node:stream';
import { setShopMoney, type ShopMoney } from '@voltline/shared/money';
import { pageHandle } from './app/public-page.ts';
import { createShopQueryClient } from './app/query-client.ts';
import { createRoutes } from './app/routes.tsx';
import type { ServerRequestContext } from './app/route-loaders.ts';
import type { ServerState } from './app/server-state.ts';
import { setApiTransport, type ApiTransport } from './lib/api-client.ts';
import { jsonForScriptElement, renderHeadTags } from './lib/page-head/head-tags.ts';

/**
 * Server rendering (README, "Design"; decision 032): the Fastify app loads this module's build
 * (`vite build --ssr`) and asks it for each page a visitor or a search engine opens. React Router's
 * static handler runs the same routes' loaders as the browser's router, and the page renders with
 * their data, then hydrates there.
 */

export interface RendererOptions {
  /** The shop's address (PUBLIC_URL): canonical links, Open Graph and JSON-LD addresses are absolute. */
  publicUrl: string;
  /** How the page's API calls reach the shop: the server's own app, in-process, unsigned. */
  transport: ApiTransport;
  /** The shop's currency and locale (decision 067): this build's own copy of the money module is told them. */
  money: ShopMoney;
}

export type RenderedPage =
  | {
      status: number;
      /** The tags of <head>: title, description, canonical, Open Graph, JSON-LD; none for the purchase page, which keeps the shell's. */
      head: string;
      /** The app's markup, for inside <div id="root">. */
      appHtml: string;
      /** The hydration state, safe inside <script type="application/json">. */
      serverState: string;
    }
  /** A login-only page asked for without a session: where to send the visitor (303). */
  | { status: number; location: string };

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
      // The page goes out whole, each part in its place: past this size React would send a large
      // part after the rest with an inline script to move it there, which the CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
}

export function createPageRenderer({ publicUrl, transport, money }: RendererOptions) {
  setApiTransport(transport);
  setShopMoney(money);

  /**
   * The page at `url` (path and query), a redirect, or null when the browser renders the page from
   * the plain shell: one that is neither public nor the purchase page (sign-in forms, dashboard), or
   * one whose data failed to load (the browser shows that).
   */
  return async function renderPage(url: string, context: ServerRequestContext): Promise<RenderedPage | null> {
    // A cache per page: no visitor's page ever shows data fetched for another.
    const queryClient = createShopQueryClient();
    const handler = createStaticHandler(createRoutes({ queryClient, onServer: true }));
    const address = new URL(url, `${publicUrl}/`);
    const routed = await handler.query(new Request(address), { requestContext: context });
    if (routed instanceof Response) {
      const location = routed.headers.get('Location');
      return location && routed.status >= 300 && routed.status < 400 ? { status: routed.status, location } : null;
    }
    // A loader failed (not a 404, which pages say themselves): the browser renders the page and shows why.
    if (routed.errors && !Object.values(routed.errors).every((error) => isRouteErrorResponse(error) && error.status === 404)) return null;
    if (queryClient.getQueryCache().getAll().some((cached) => cached.state.status === 'error')) return null;
    const page = routed.matches.at(-1);
    const handle = pageHandle(page?.route.handle);
    if (!page || !(handle?.head || handle?.rendered)) return null;

    const router = createStaticRouter(handler.dataRoutes, routed);
    const appHtml = await renderToHtml(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          {/* Its hydration data goes in the page's JSON element: StaticRouterProvider's own would be an inline script. */}
          <StaticRouterProvider router={router} context={routed} hydrate={false} />
        </QueryClientProvider>
      </StrictMode>,
    );
    // React writes the preloads it found (the largest picture, the logo) first; they belong in <head>,
    // where the browser sees them before it reaches the page.
    const preloads = appHtml.match(/^(?:<link [^>]*\/>)+/)?.[0] ?? '';
    const serverState: ServerState = {
      money,
      queries: dehydrate(queryClient),
      router: { loaderData: routed.loaderData, actionData: routed.actionData, errors: null },
    };
    const head = handle.head ? renderHeadTags(await handle.head({ params: page.params, search: address.searchParams, queryClient }), publicUrl) : '';
    return {
      status: routed.statusCode,
      head: [head, preloads].filter(Boolean).join('\n    '),
      appHtml: appHtml.slice(preloads.length),
      serverState: jsonForScriptElement(serverState),
    };
  };
}
export type PageRenderer = ReturnType<typeof createPageRenderer>;
