import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyInputSchema, apiKeySchema, createdApiKeySchema } from '@voltline/shared/api-keys';
import { idParamsSchema } from '@voltline/shared/id';
import { pageQuerySchema } from '@voltline/shared/paging';
import { answerPage, pageOf, routesTagged, guardEveryRoute } from '../http/route-options.ts';
import type { ApiKeys } from './api-keys.ts';
import { callerOf, type CallerGuards } from './caller.ts';

const route = routesTagged('identity');

/** API keys for an ERP or an accounting tool (decision 066). Every route: admins only; no key opens them. */
export function apiKeysRoutes(keys: ApiKeys, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, guards.allow('apiKeys'));

    app.get('/admin/api-keys', route('Every API key, revoked ones too, newest first, a page at a time (limit, cursor from the Link header): name, scopes, when it was created, last used (to the minute) and revoked. Never the key. Admins only.', { querystring: pageQuerySchema, answer: pageOf(apiKeySchema) }),
      answerPage((request) => keys.list(request.query)));

    app.post('/admin/api-keys', route('Create an API key: { name, scopes } (orders:read, orders:write, catalogue:write, stock:write, invoices:read). Answers the key (`vl_live_...`, sent as `Authorization: Bearer`) this once; only its SHA-256 is kept. The key acts for the admin who creates it, within its scopes. Admins only.', { body: apiKeyInputSchema, answer: createdApiKeySchema }),
      (request) => keys.create(callerOf(request), request.body));

    app.delete('/admin/api-keys/:id', route('Revoke an API key: refused at once on every instance; it stays listed as revoked. Admins only.', { params: idParamsSchema, answer: apiKeySchema }),
      (request) => keys.revoke(callerOf(request), request.params.id));
  };
}
