import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedSchema } from '@voltline/shared/order';
import { createdWebhookEndpointSchema, webhookDeliverySchema, webhookEndpointInputSchema, webhookEndpointSchema } from '@voltline/shared/webhook';
import type { RouteLimit } from '../http/rate-limits.ts';
import { pageQuerySchema } from '@voltline/shared/paging';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { WebhookEndpointsService } from './webhook-endpoints-service.ts';
import { idParamsSchema } from '@voltline/shared/id';
import { answerPage, pageOf, routesTagged, guardEveryRoute } from '../http/route-options.ts';

const route = routesTagged('webhooks');

/** Outgoing webhooks. Every route: admins only. */
export function webhookEndpointsRoutes(
  endpoints: WebhookEndpointsService,
  guards: CallerGuards,
  endpointLimit: RouteLimit,
): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, guards.allow('settings'));

    app.get('/webhook-endpoints', route('Registered endpoints, newest first, a page at a time (limit, cursor from the Link header). Admins only.', { querystring: pageQuerySchema, answer: pageOf(webhookEndpointSchema) }),
      answerPage((request) => endpoints.list(request.query)));

    app.post('/webhook-endpoints', route('Register an endpoint for events; answers its signing secret once. Admins only.', { config: endpointLimit, body: webhookEndpointInputSchema, answer: createdWebhookEndpointSchema }),
      (request) => endpoints.create(callerOf(request), request.body));

    app.delete('/webhook-endpoints/:id', route('Stop sending to an endpoint. Admins only.', { params: idParamsSchema, answer: deletedSchema }),
      (request) => endpoints.remove(callerOf(request), request.params.id));

    app.get('/webhook-endpoints/:id/deliveries', route('Deliveries to an endpoint with status codes, newest first, a page at a time (limit, cursor from the Link header). Admins only.', { params: idParamsSchema, querystring: pageQuerySchema, answer: pageOf(webhookDeliverySchema) }),
      answerPage((request) => endpoints.deliveries(request.params.id, request.query)));
  };
}
