import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@voltline/shared/id';
import { insertedSchema } from '@voltline/shared/order';
import { queryAnswerSchema, queryFormSchema, queryListQuerySchema, storedQuerySchema } from '@voltline/shared/query-form';
import type { RouteLimit } from '../http/rate-limits.ts';
import { answerPage, pageOf, routesTagged } from '../http/route-options.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { QueriesService } from './queries-service.ts';

const route = routesTagged('queries');

/** The home page's "Ask us anything" form: anyone sends a query, admins read and answer them. */
export function queriesRoutes(queries: QueriesService, guards: CallerGuards, queryLimit: RouteLimit): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/queries',
      route(
        'Send a query ("Ask us anything"): name, email, phone, role and an optional question. Stored for the admins, and mailed to the shop\'s contact address when SHOP_NOTIFY_EMAIL is set. Public; a few per hour per client address (QUERY_RATE_LIMIT_PER_HOUR).',
        { config: queryLimit, body: queryFormSchema, answer: insertedSchema },
      ),
      (request) => queries.submit(request.body),
    );

    app.get('/queries', route('The Queries inbox: ?status=open|answered or all; newest first, a page at a time (limit, cursor from the Link header). Admins only.', { onRequest: guards.allow('queries'), querystring: queryListQuerySchema, answer: pageOf(storedQuerySchema) }),
      answerPage((request) => queries.list(request.query)));

    app.patch('/queries/:id', route('Mark a query answered (`answered: true`, recording by whom and when) or open again (`answered: false`). Admins only.', { onRequest: guards.allow('queries'), params: idParamsSchema, body: queryAnswerSchema, answer: storedQuerySchema }),
      (request) => queries.mark(callerOf(request), request.params.id, request.body));
  };
}
