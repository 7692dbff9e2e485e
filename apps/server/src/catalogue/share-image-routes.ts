import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createShareImageDrawingLimit } from '../http/rate-limits.ts';
import { createShareImages, type ShareImageDependencies, type SharePicture, type SharePictureAsker } from './share-images.ts';

/**
 * GET /og/home.png and GET /og/tools/{toolId}.png: the pages' pictures for link previews
 * (share-images.ts). Public, like the pages they illustrate; a picture not yet drawn is counted per
 * client address before it is drawn (rate-limits.ts), pictures already drawn are served to anyone.
 */
export function registerShareImageRoutes(app: FastifyInstance, dependencies: ShareImageDependencies): void {
  const shareImages = createShareImages(dependencies, app.log);
  const countDrawing = createShareImageDrawingLimit(app, dependencies.config.shareImages.rendersPerMinute);
  const asker = (request: FastifyRequest): SharePictureAsker => ({ log: request.log, countDrawing: () => countDrawing(request) });

  /** The picture with its ETag (its stored name: it changes whenever the picture does). */
  async function send(request: FastifyRequest, reply: FastifyReply, picture: () => Promise<SharePicture>) {
    // A refusal to draw now (TryAgainLater) is answered by the error handler, with its Retry-After.
    const answer = await picture();
    const etag = `"${answer.name}"`;
    reply.header('ETag', etag).header('Cache-Control', 'public, max-age=3600');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/png').send(answer.png);
  }

  // Pictures for link previews, not part of the API: kept out of /api/docs as the sitemap is.
  app.get('/og/home.png', { schema: { hide: true } }, (request, reply) => send(request, reply, () => shareImages.homePng(asker(request))));

  app.get<{ Params: { toolId: string } }>('/og/tools/:toolId.png', { schema: { hide: true } }, (request, reply) =>
    send(request, reply, () => shareImages.toolPng(request.params.toolId, asker(request))),
  );
}
