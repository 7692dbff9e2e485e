import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_ERROR_CODES } from '@voltline/shared/api-error';

function cacheControlFor(filePath: string): string {
  // index.html must be revalidated so a new deploy's asset names are picked up.
  if (path.basename(filePath) === 'index.html') return 'no-cache';
  // Vite fingerprints everything in assets/: it never changes under the same name.
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Serves the built SPA next to the API. Unknown /api paths answer 404 JSON; every other GET
 * gets index.html so client routes (and the not-found page) work on reload.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
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

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || !hasSpa || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .status(404)
        .send({ error: API_ERROR_CODES.notFound, message: `No such endpoint: ${request.method} ${pathname}` });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
