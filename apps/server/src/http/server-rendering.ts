import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { ShopMoney } from '@voltline/shared/money';

/** A page the web app's server build rendered (apps/web/src/entry-server.tsx), or where to send its visitor instead. */
type RenderedPage = { status: number; head: string; appHtml: string; serverState: string } | { status: number; location: string };

/** What the page's render may ask of the request it answers. */
interface Visitor {
  /** The client's address, for the page's API calls (http/public-reads.ts). */
  ip: string;
  /** Whether the request carries a live session: a login-only page without one is a redirect to /login. */
  isSignedIn: () => Promise<boolean>;
}

/** What this server needs of the web app's server build; its types live in apps/web. */
interface PageRendererModule {
  SERVER_STATE_ELEMENT_ID: string;
  createPageRenderer(options: {
    publicUrl: string;
    money: ShopMoney;
    transport: (url: string, init: RequestInit) => Promise<Response>;
  }): (url: string, context: { isSignedIn: () => Promise<boolean> }) => Promise<RenderedPage | null>;
}

/** A page's answer: its status and full HTML, or a redirect; null when the plain shell will do (the browser renders the page). */
type PageAnswer = { status: number; html: string } | { status: number; location: string };
export type RenderPublicPage = (url: string, visitor: Visitor) => Promise<PageAnswer | null>;

/** `vite build --ssr` writes next to the browser build, outside the folder served as files. */
export const serverEntryFor = (webDistDir: string) => path.resolve(webDistDir, '..', 'dist-server', 'entry-server.js');

/** Statuses whose answer has no body, which a fetch Response refuses to be given. */
const bodilessStatuses = new Set([101, 204, 205, 304]);

/**
 * The address of the visitor whose page is being rendered, for the page's API calls: those the
 * shop's memory cannot answer (a catalogue search) take turns per client address
 * (http/public-reads.ts), and every visitor's would otherwise share the server's own.
 */
const renderedFor = new AsyncLocalStorage<Visitor>();

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

/** The shell with the page's head in place of its own title and description (the purchase page keeps the shell's) and the page in #root. */
function composePage(shell: string, page: { head: string; appHtml: string; serverState: string }, stateElementId: string): string {
  // Replacer functions, not strings: a tool's text containing "$&" must arrive as written.
  const ownHead = page.head.includes('<title>');
  const head = ownHead ? shell.replace(/<title>[\s\S]*?<\/title>\s*/, () => '').replace(/<meta name="description"[^>]*>\s*/, () => '') : shell;
  return (page.head ? head.replace('</head>', () => `  ${page.head}\n  </head>`) : head).replace(
    '<div id="root"></div>',
    () => `<div id="root">${page.appHtml}</div>\n    <script type="application/json" id="${stateElementId}">${page.serverState}</script>`,
  );
}

/**
 * Loads the web app's server build when there is one (`npm run build` makes it). Without it, every
 * page is the shell, as before server rendering existed.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  { webDistDir, publicUrl, money }: { webDistDir: string; publicUrl: string; money: ShopMoney },
): Promise<RenderPublicPage | undefined> {
  const entry = serverEntryFor(webDistDir);
  const shellPath = path.join(webDistDir, 'index.html');
  if (!existsSync(entry) || !existsSync(shellPath)) return undefined;
  const shell = readFileSync(shellPath, 'utf8');
  const renderer = (await import(pathToFileURL(entry).href)) as PageRendererModule;
  // The build bundles its own copy of the shared package: it is told the shop's currency too.
  const renderPage = renderer.createPageRenderer({ publicUrl, money, transport: injectTransport(app) });
  return async (url, visitor) => {
    const page = await renderedFor.run(visitor, () => renderPage(url, { isSignedIn: visitor.isSignedIn }));
    if (!page || 'location' in page) return page;
    return { status: page.status, html: composePage(shell, page, renderer.SERVER_STATE_ELEMENT_ID) };
  };
}
