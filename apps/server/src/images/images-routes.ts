import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_UPLOAD_MAX_BYTES, uploadResponseSchema } from '@voltline/shared/profile';
import { AppError } from '../http/app-error.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { ImagesService } from './images-service.ts';

/** Picture uploads (replacing the spec's third-party image host) and serving them back. */
export function imagesRoutes(imagesService: ImagesService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: true,
    });

    app.post(
      '/upload',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['images'],
          summary: 'Upload a picture (multipart field "image", at most 5 MB). Signed-in users.',
          response: { 200: uploadResponseSchema },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('INVALID_DATA', 'Send the picture as multipart/form-data in the field "image".');
        const file = await request.file();
        if (!file || file.fieldname !== 'image') throw new AppError('INVALID_DATA', 'Send the picture in the field "image".');
        const bytes = await file.toBuffer();
        const url = await imagesService.storeUpload(bytes, callerOf(request).userId);
        return { data: { url } };
      },
    );

    app.get(
      '/images/:imageId',
      { schema: { tags: ['images'], summary: 'An uploaded picture. Public.', params: z.object({ imageId: z.string().max(100) }) } },
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
