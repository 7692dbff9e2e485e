import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_ERROR_CODES } from '@voltline/shared/api-error';
import type { RenderPublicPage } from './server-rendering.ts';

function cacheControlFor(filePath: string): string {
  // index.html must be revalidated so a new deploy's asset names are picked up.
  if (path.basename(filePath) === 'index.html') return 'no-cache';
  // Vite fingerprints everything in assets/: it never changes under the same name.
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Serves the built SPA next to the API. Unknown /api paths answer 404 JSON. Public pages (home, tool
 * pages, blogs, portfolio, not found) are rendered on the server when its build is there, with their
 * status (404 for an unknown path or tool); every other GET gets index.html, the shell the browser
 * renders (sign-in, login-only and admin pages, and every page without a server build).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string, renderPublicPage?: RenderPublicPage): Promise<void> {
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
    const page = renderPublicPage && (await renderPublicPage(request.url).catch((error: unknown) => {
      // The browser can still render the page from the shell: a visitor sees it, only later.
      request.log.error({ err: error }, 'Server rendering failed; answering the shell');
      return null;
    }));
    if (page) {
      // Rendered per request from the live catalogue: a changed tool shows on its page at once.
      return reply.status(page.status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page.html);
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
