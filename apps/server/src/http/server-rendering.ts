import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { loadPagePreloads } from './page-preloads.ts';

/** A page the web app's server build rendered (apps/web/src/entry-server.tsx). */
interface RenderedPage {
  status: number;
  head: string;
  /** null: the browser renders the page; the shell carries its public data (a tool on /purchase). */
  appHtml: string | null;
  serverState: string;
}

/** What this server needs of the web app's server build; its types live in apps/web. */
interface PageRendererModule {
  SERVER_STATE_ELEMENT_ID: string;
  createPageRenderer(options: {
    publicUrl: string;
    transport: (url: string, init: RequestInit) => Promise<Response>;
  }): (url: string) => Promise<RenderedPage | null>;
  /** The lazy modules the route shows, as the browser build's manifest names them (builds since issue 15). */
  pageModulesFor?(pathname: string): string[];
}

/**
 * Answers a page: its status and full HTML, rendered (public pages) or the shell with the page's code
 * preloaded (pages the browser renders) and, on a login-only page with public data (/purchase), that
 * data and its picture; or null when the plain shell will do.
 */
export type RenderPublicPage = (url: string, visitor: { ip: string }) => Promise<{ status: number; html: string } | null>;

/** `vite build --ssr` writes next to the browser build, outside the folder served as files. */
export const serverEntryFor = (webDistDir: string) => path.resolve(webDistDir, '..', 'dist-server', 'entry-server.js');

/** Statuses whose answer has no body, which a fetch Response refuses to be given. */
const bodilessStatuses = new Set([101, 204, 205, 304]);

/**
 * The address of the visitor whose page is being rendered, for the page's API calls: those the
 * shop's memory cannot answer (a catalogue search) take turns per client address
 * (http/public-reads.ts), and every visitor's would otherwise share the server's own.
 */
const renderedFor = new AsyncLocalStorage<{ ip: string }>();

/**
 * The page's API calls, answered by this same app in-process (inject): the same routes, caches and
 * ETags as a browser's calls, without a trip over the network to itself. Unsigned: a rendered page
 * holds only what any visitor may see.
 */
function injectTransport(app: FastifyInstance) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const answer = await app.inject({ method: (init.method ?? 'GET') as HTTPMethods, url, remoteAddress: renderedFor.getStore()?.ip });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const body = bodilessStatuses.has(answer.statusCode) ? null : answer.rawPayload;
    return new Response(body, { status: answer.statusCode, headers });
  };
}

/** The shell with more tags at the end of its <head>. */
const withHeadTags = (shell: string, tags: string) => (tags ? shell.replace('</head>', () => `  ${tags}\n  </head>`) : shell);

/**
 * The shell with the page's head in place of its own title and description and the page in #root;
 * for a page the browser renders, the shell as it is with the page's data and preloads added.
 */
function composePage(shell: string, page: RenderedPage, stateElementId: string, preloads: string): string {
  // Replacer functions, not strings: a tool's text containing "$&" must arrive as written.
  const head =
    page.appHtml === null
      ? shell
      : shell.replace(/<title>[\s\S]*?<\/title>\s*/, () => '').replace(/<meta name="description"[^>]*>\s*/, () => '');
  return withHeadTags(head, [page.head, preloads].filter(Boolean).join('\n    ')).replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${page.appHtml ?? ''}</div>\n    <script type="application/json" id="${stateElementId}">${page.serverState}</script>`,
  );
}

/**
 * Loads the web app's server build when there is one (`npm run build` makes it). Without it, every
 * page is the shell, as before server rendering existed.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  { webDistDir, publicUrl }: { webDistDir: string; publicUrl: string },
): Promise<RenderPublicPage | undefined> {
  const entry = serverEntryFor(webDistDir);
  const shellPath = path.join(webDistDir, 'index.html');
  if (!existsSync(entry) || !existsSync(shellPath)) return undefined;
  const shell = readFileSync(shellPath, 'utf8');
  const renderer = (await import(pathToFileURL(entry).href)) as PageRendererModule;
  const renderPage = renderer.createPageRenderer({ publicUrl, transport: injectTransport(app) });
  const preloadTags = loadPagePreloads(webDistDir);
  return async (url, visitor) => {
    const preloads = preloadTags(renderer.pageModulesFor?.(new URL(url, 'http://shop.invalid').pathname) ?? []);
    const page = await renderedFor.run(visitor, () => renderPage(url));
    if (page) return { status: page.status, html: composePage(shell, page, renderer.SERVER_STATE_ELEMENT_ID, preloads) };
    // The browser renders this page: the shell, with its code on the way before the entry script runs.
    return preloads ? { status: 200, html: withHeadTags(shell, preloads) } : null;
  };
}
