import './lib/zod-jitless.ts';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { Writable } from 'node:stream';
import { AppProviders } from './app/providers.tsx';
import { publicPageHandle } from './app/public-page.ts';
import { createShopQueryClient } from './app/query-client.ts';
import { createRoutes } from './app/routes.tsx';
import type { ServerState } from './app/server-state.ts';
import { setApiTransport, type ApiTransport } from './lib/api-client.ts';
import { jsonForScriptElement, renderHeadTags } from './lib/page-head/head-tags.ts';

/**
 * Server rendering of the public pages (architecture.md): the Fastify app loads this module's build
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
  /** The tags of <head>: title, description, canonical, Open Graph, JSON-LD. */
  head: string;
  /** The app's markup, for inside <div id="root">. */
  appHtml: string;
  /** The hydration state, safe inside <script type="application/json">. */
  serverState: string;
}

export { SERVER_STATE_ELEMENT_ID } from './app/server-state.ts';

// The server's render has no session and nowhere to go: a refused token cannot happen there.
const stayPut = () => undefined;

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
      onShellError: reject,
      onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
}

export function createPageRenderer({ publicUrl, transport }: RendererOptions) {
  setApiTransport(transport);

  /**
   * The page at `url` (path and query), or null when the browser renders it: a page that is not
   * public (sign-in, login-only, admin), or one whose data failed to load (the browser shows that).
   */
  return async function renderPage(url: string): Promise<RenderedPage | null> {
    const queryClient = createShopQueryClient();
    const routes = createRoutes({ queryClient, waitForData: true });
    const request = new Request(new URL(url, `${publicUrl}/`));
    const page = matchRoutes(routes, new URL(request.url).pathname)?.at(-1);
    const handle = publicPageHandle(page?.route.handle);
    if (!page || !handle) return null;

    const { query, dataRoutes } = createStaticHandler(routes);
    const context = await query(request);
    if (context instanceof Response || context.errors) return null;
    const failedQuery = queryClient.getQueryCache().getAll().some((cached) => cached.state.status === 'error');
    if (failedQuery) return null;

    const router = createStaticRouter(dataRoutes, context);
    const appHtml = await renderToHtml(
      <StrictMode>
        <AppProviders queryClient={queryClient} onSignedOutByServer={stayPut}>
          {/* hydrate={false}: the router's state goes in the JSON element below, not an inline script. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
    // React writes the preloads it found (the largest picture, the logo) first; they belong in <head>,
    // where the browser sees them before it reaches the page.
    const preloads = appHtml.match(/^(?:<link [^>]*\/>)+/)?.[0] ?? '';
    const serverState: ServerState = {
      router: { loaderData: context.loaderData, actionData: context.actionData },
      queries: dehydrate(queryClient),
    };
    return {
      status: context.statusCode,
      head: [renderHeadTags(handle.head({ params: page.params, queryClient }), publicUrl), preloads].join('\n    '),
      appHtml: appHtml.slice(preloads.length),
      serverState: jsonForScriptElement(serverState),
    };
  };
}
export type PageRenderer = ReturnType<typeof createPageRenderer>;
