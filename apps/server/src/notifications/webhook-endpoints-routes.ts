import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedSchema } from '@voltline/shared/order';
import { createdWebhookEndpointSchema, webhookDeliverySchema, webhookEndpointSchema } from '@voltline/shared/webhook';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { WebhookEndpointsService } from './webhook-endpoints-service.ts';

const endpointParams = z.object({ id: z.string().max(100) });

/** Outgoing webhooks. Every route: admins only. */
export function webhookEndpointsRoutes(endpoints: WebhookEndpointsService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', guards.requireAdmin);

    app.get(
      '/webhook-endpoints',
      { schema: { tags: ['webhooks'], summary: 'Registered endpoints. Admins only.', response: { 200: z.array(webhookEndpointSchema) } } },
      () => endpoints.list(),
    );

    app.post(
      '/webhook-endpoints',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Register an endpoint for events; answers its signing secret once. Admins only.',
          body: z.record(z.string(), z.unknown()),
          response: { 200: createdWebhookEndpointSchema },
        },
      },
      (request) => endpoints.create(callerOf(request), request.body),
    );

    app.delete(
      '/webhook-endpoints/:id',
      { schema: { tags: ['webhooks'], summary: 'Stop sending to an endpoint. Admins only.', params: endpointParams, response: { 200: deletedSchema } } },
      (request) => endpoints.remove(request.params.id),
    );

    app.get(
      '/webhook-endpoints/:id/deliveries',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'The last 100 deliveries to an endpoint, with status codes. Admins only.',
          params: endpointParams,
          response: { 200: z.array(webhookDeliverySchema) },
        },
      },
      (request) => endpoints.deliveries(request.params.id),
    );
  };
}
