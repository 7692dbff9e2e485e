import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedSchema } from '@voltline/shared/order';
import { createdWebhookEndpointSchema, webhookDeliverySchema, webhookEndpointInputSchema, webhookEndpointSchema } from '@voltline/shared/webhook';
import type { RouteLimit } from '../http/rate-limits.ts';
import { pageQuerySchema } from '@voltline/shared/paging';
import { sendPage } from '../http/replies.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { WebhookEndpointsService } from './webhook-endpoints-service.ts';
import { idParamsSchema } from '@voltline/shared/id';


/** Outgoing webhooks. Every route: admins only. */
export function webhookEndpointsRoutes(
  endpoints: WebhookEndpointsService,
  guards: CallerGuards,
  endpointLimit: RouteLimit,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireAdmin);

    app.get(
      '/webhook-endpoints',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Registered endpoints, newest first, a page at a time (limit, cursor from the Link header). Admins only.',
          querystring: pageQuerySchema,
          response: { 200: z.array(webhookEndpointSchema) },
        },
      },
      async (request, reply) => sendPage(request, reply, await endpoints.list(request.query)),
    );

    app.post(
      '/webhook-endpoints',
      {
        config: endpointLimit,
        schema: {
          tags: ['webhooks'],
          summary: 'Register an endpoint for events; answers its signing secret once. Admins only.',
          body: webhookEndpointInputSchema,
          response: { 200: createdWebhookEndpointSchema },
        },
      },
      (request) => endpoints.create(callerOf(request), request.body),
    );

    app.delete(
      '/webhook-endpoints/:id',
      { schema: { tags: ['webhooks'], summary: 'Stop sending to an endpoint. Admins only.', params: idParamsSchema, response: { 200: deletedSchema } } },
      (request) => endpoints.remove(request.params.id),
    );

    app.get(
      '/webhook-endpoints/:id/deliveries',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Deliveries to an endpoint with status codes, newest first, a page at a time (limit, cursor from the Link header). Admins only.',
          params: idParamsSchema,
          querystring: pageQuerySchema,
          response: { 200: z.array(webhookDeliverySchema) },
        },
      },
      async (request, reply) => sendPage(request, reply, await endpoints.deliveries(request.params.id, request.query)),
    );
  };
}
