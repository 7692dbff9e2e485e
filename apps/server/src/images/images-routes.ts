import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadResponseSchema } from '@voltline/shared/profile';
import { text } from '@voltline/shared/text';
import type { RouteLimit } from '../http/rate-limits.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { ImagesService } from './images-service.ts';
import { receivePicture, refuseOversizedUpload, UPLOAD_PARSER_FILE_LIMIT } from './picture-upload.ts';

/** Picture uploads (replacing the spec's third-party image host) and serving them back. */
export function imagesRoutes(imagesService: ImagesService, guards: CallerGuards, uploadLimit: RouteLimit): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: UPLOAD_PARSER_FILE_LIMIT, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
      throwFileSizeLimit: true,
    });

    app.post(
      '/upload',
      {
        onRequest: refuseOversizedUpload,
        preHandler: guards.requireUser,
        config: uploadLimit,
        schema: {
          tags: ['images'],
          summary: 'Upload a picture (multipart field "image", at most 5 MB). Signed-in users.',
          response: { 200: uploadResponseSchema },
        },
      },
      async (request, reply) => {
        const bytes = await receivePicture(request, reply);
        const url = await imagesService.storeUpload(bytes, callerOf(request).userId);
        return { data: { url } };
      },
    );

    app.get(
      '/images/:imageId',
      { schema: { tags: ['images'], summary: 'An uploaded picture. Public.', params: z.object({ imageId: text().max(100) }) } },
      async (request, reply) => {
        const image = await imagesService.getImage(request.params.imageId);
        // An image id never gets other content: it can be cached for good.
        return reply
          .header('Content-Type', image.contentType)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .send(image.bytes);
      },
    );
  };
}
