import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCallback } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@voltline/shared/api-error';
import { acceptedEncoding } from './replies.ts';
import type { RenderPublicPage } from './server-rendering.ts';

/** Whether a request carries a live session (the identity service's answer). */
export type SessionCheck = (request: FastifyRequest) => Promise<boolean>;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * A rendered page, compressed as the client accepts: @fastify/compress only compresses the answers
 * of routes, and pages are answered by the not-found handler (the home page: 44 KB, 9 KB in brotli).
 * Brotli at the quality app.ts gives @fastify/compress, for answers compressed on every request.
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('Vary', 'Accept-Encoding');
  const encoding = acceptedEncoding(request);
  if (!encoding) return reply.send(html);
  const body = encoding === 'br' ? await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }) : await gzip(html);
  return reply.header('Content-Encoding', encoding).send(body);
}

function cacheControlFor(filePath: string): string {
  // index.html must be revalidated so a new deploy's asset names are picked up.
  if (path.basename(filePath) === 'index.html') return 'no-cache';
  // Vite fingerprints everything in assets/: it never changes under the same name.
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Serves the built SPA next to the API. Unknown /api paths answer 404 JSON. Public pages (home, tool
 * pages, the catalogue, blogs, portfolio, footer pages, sign-in, not found) and the purchase page's
 * public part are rendered on the server when its build is there, with their status (404 for an
 * unknown path or tool); a login-only page asked for without a session is a 303 to /login with the
 * way back; every other GET gets index.html, the shell the browser renders (sign-in forms, dashboard
 * and admin pages, and every page without a server build). Decision 032.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string,
  { renderPublicPage, isSignedIn }: { renderPublicPage?: RenderPublicPage; isSignedIn: SessionCheck },
): Promise<void> {
  const indexHtml = path.join(webDistDir, 'index.html');
  const hasSpa = existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', cacheControlFor(filePath));
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || !hasSpa || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .status(404)
        .send({ error: API_ERROR_CODES.notFound, message: `No such endpoint: ${request.method} ${pathname}` });
    }
    const visitor = { ip: request.ip, isSignedIn: () => isSignedIn(request) };
    const page = renderPublicPage && (await renderPublicPage(request.url, visitor).catch((error: unknown) => {
      // The browser can still render the page from the shell: a visitor sees it, only later.
      request.log.error({ err: error }, 'Server rendering failed; answering the shell');
      return null;
    }));
    if (page && 'location' in page) {
      // Never stored: the same address answers the page once the visitor has signed in.
      return reply.status(page.status).header('Cache-Control', 'no-store').redirect(page.location, page.status);
    }
    if (page) {
      // Rendered per request from the live catalogue: a changed tool shows on its page at once.
      reply.status(page.status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      return sendCompressed(request, reply, page.html);
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
