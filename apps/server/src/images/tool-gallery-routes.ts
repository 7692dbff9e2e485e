import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedSchema } from '@voltline/shared/order';
import { acknowledgedSchema } from '@voltline/shared/profile';
import { idParamsSchema } from '@voltline/shared/id';
import { addPictureQuerySchema, pictureAltUpdateSchema, pictureOrderSchema, pictureParamsSchema, TOOL_PICTURES_MAX, toolPictureSchema } from '@voltline/shared/tool-pictures';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { PublicReadRations, RouteLimit } from '../http/rate-limits.ts';
import { sendCachedJson } from '../http/replies.ts';
import { routesTagged, guardEveryRoute } from '../http/route-options.ts';
import { receivePicture, refuseOversizedUpload, UPLOAD_PARSER_FILE_LIMIT } from './picture-upload.ts';
import type { ToolGallery } from './tool-gallery.ts';

const route = routesTagged('images');

/** A tool's gallery, read by anyone (decision 054). */
export function toolGalleryRoutes(gallery: ToolGallery, publicReads: PublicReadRations): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/tools/:id/pictures', route('A tool’s pictures in order, each with its alternative text, its card, page and zoom drawings in WebP and its own format, and srcsets. Public.', { params: idParamsSchema, answer: z.array(toolPictureSchema) }),
      async (request, reply) => sendCachedJson(request, reply, await gallery.cachedList(request.params.id, publicReads(request, reply))));
  };
}

/** Managing a tool's gallery. Every route: admins only. */
export function toolGalleryAdminRoutes(gallery: ToolGallery, guards: CallerGuards, uploadLimit: RouteLimit): FastifyPluginAsyncZod {
  return async (app) => {
    // Before the body is read (decision 007): who may call is decided first, so a stranger uploads nothing.
    guardEveryRoute(app, guards.allow('catalogue'));
    await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_PARSER_FILE_LIMIT, files: 1, fields: 5, parts: 6, fieldSize: 1024 }, throwFileSizeLimit: true });

    app.post('/admin/tools/:id/pictures', route(`Add a picture at the end of a tool’s gallery (multipart field "image", at most 5 MB; alt: its alternative text), drawn once for the card, the page and the zoom in WebP and its own format; the first is the tool’s img. A ${TOOL_PICTURES_MAX + 1}th picture is refused in words (409). Admins only.`, { onRequest: refuseOversizedUpload, config: uploadLimit, params: idParamsSchema, querystring: addPictureQuerySchema, answer: z.object({ _id: z.string() }) }),
      async (request, reply) => gallery.add(callerOf(request), request.params.id, await receivePicture(request, reply), request.query.alt));

    app.put('/admin/tools/:id/pictures/order', route('Put a tool’s pictures in a new order (every picture once, 422 otherwise); the first becomes its img. Admins only.', { params: idParamsSchema, body: pictureOrderSchema, answer: acknowledgedSchema }),
      (request) => gallery.reorder(callerOf(request), request.params.id, request.body.pictureIds));

    app.patch('/admin/tools/:id/pictures/:pictureId', route('Change a picture’s alternative text. Admins only.', { params: pictureParamsSchema, body: pictureAltUpdateSchema, answer: acknowledgedSchema }),
      (request) => gallery.setAlt(callerOf(request), request.params.id, request.params.pictureId, request.body.alt));

    app.delete('/admin/tools/:id/pictures/:pictureId', route('Remove a picture from a tool’s gallery; those after it move up and a new first becomes its img. Admins only.', { params: pictureParamsSchema, answer: deletedSchema }),
      (request) => gallery.remove(callerOf(request), request.params.id, request.params.pictureId));
  };
}
