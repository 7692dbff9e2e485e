import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@voltline/shared/id';
import { insertedSchema } from '@voltline/shared/order';
import { queryAnswerSchema, queryFormSchema, queryListQuerySchema, storedQuerySchema } from '@voltline/shared/query-form';
import type { RouteLimit } from '../http/rate-limits.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import { sendPage } from '../http/replies.ts';
import type { QueriesService } from './queries-service.ts';

/** The home page's "Ask us anything" form: anyone sends a query, admins read and answer them. */
export function queriesRoutes(queries: QueriesService, guards: CallerGuards, queryLimit: RouteLimit): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/queries',
      {
        config: queryLimit,
        schema: {
          tags: ['queries'],
          summary:
            'Send a query ("Ask us anything"): name, email, phone, role and an optional question. Stored for the admins, and mailed to the shop\'s contact address when SHOP_NOTIFY_EMAIL is set. Public; a few per hour per client address (QUERY_RATE_LIMIT_PER_HOUR).',
          body: queryFormSchema,
          response: { 200: insertedSchema },
        },
      },
      (request) => queries.submit(request.body),
    );

    app.get(
      '/queries',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['queries'],
          summary: 'The Queries inbox: ?status=open|answered or all; newest first, a page at a time (limit, cursor from the Link header). Admins only.',
          querystring: queryListQuerySchema,
          response: { 200: z.array(storedQuerySchema) },
        },
      },
      async (request, reply) => sendPage(request, reply, await queries.list(request.query)),
    );

    app.patch(
      '/queries/:id',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['queries'],
          summary: 'Mark a query answered (`answered: true`, recording by whom and when) or open again (`answered: false`). Admins only.',
          params: idParamsSchema,
          body: queryAnswerSchema,
          response: { 200: storedQuerySchema },
        },
      },
      (request) => queries.mark(callerOf(request), request.params.id, request.body),
    );
  };
}
