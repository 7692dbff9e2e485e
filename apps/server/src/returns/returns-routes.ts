import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@voltline/shared/id';
import { pageQuerySchema } from '@voltline/shared/paging';
import {
  adminReturnsQuerySchema,
  authoriseReturnSchema,
  createReturnSchema,
  receiveReturnSchema,
  refundReturnSchema,
  refuseReturnSchema,
  returnSchema,
  returnWindowSchema,
} from '@voltline/shared/returns';
import type { RouteLimit } from '../http/rate-limits.ts';
import { sendPage } from '../http/replies.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { ReturnsService } from './returns-service.ts';

/** Returns and the withdrawal button (issue 38, decision 048). */
export function returnsRoutes(service: ReturnsService, guards: CallerGuards, requestLimit: RouteLimit): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/purchasedSingle/:id/returns',
      {
        onRequest: guards.requireUser,
        config: requestLimit,
        schema: {
          tags: ['orders'],
          summary:
            "Send units of your shipped order back: { lines: [{ toolId, quantity, serialNumbers? }], reason: withdrawal | faulty | wrong item | damaged in transport, comment? }. A withdrawal needs no reason and is taken within WITHDRAWAL_DAYS (14) of delivery; the others while each tool's warranty runs. Answers the return at once (its number and time: the acknowledgement, also mailed). 409 in words: more units than were shipped and not yet returned, the period over. The order's buyer, or an admin recording the buyer's return; anyone else 404.",
          params: idParamsSchema,
          body: createReturnSchema,
          response: { 200: returnSchema },
        },
      },
      (request) => service.requestReturn(callerOf(request), request.params.id, request.body),
    );

    app.get(
      '/purchasedSingle/:id/return-window',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['orders'],
          summary: "When the order's withdrawal period (ISO time) and its tools' warranty (last day, UTC) end; null when nothing was shipped. Its buyer and admins; anyone else 404.",
          params: idParamsSchema,
          response: { 200: returnWindowSchema },
        },
      },
      (request) => service.returnWindow(callerOf(request), request.params.id),
    );

    app.get(
      '/returns',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['orders'],
          summary: "The caller's own returns, newest first, a page at a time (limit, cursor from the Link header). Signed-in users.",
          querystring: pageQuerySchema,
          response: { 200: z.array(returnSchema) },
        },
      },
      async (request, reply) => sendPage(request, reply, await service.listOwn(callerOf(request), request.query)),
    );

    app.get(
      '/admin/returns',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['back office'],
          summary: 'Every return, newest first, a page at a time (limit, cursor from the Link header), or those of one status (requested, authorised, refused, received, refunded). Admins only.',
          querystring: adminReturnsQuerySchema,
          response: { 200: z.array(returnSchema) },
        },
      },
      async (request, reply) => sendPage(request, reply, await service.listAll(request.query.status, request.query)),
    );

    app.get(
      '/admin/returns/:id',
      {
        onRequest: guards.requireAdmin,
        schema: { tags: ['back office'], summary: 'One return with its order, lines, serial numbers and history. Admins only.', params: idParamsSchema, response: { 200: returnSchema } },
      },
      (request) => service.getReturn(request.params.id),
    );

    app.post(
      '/admin/returns/:id/authorise',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['back office'],
          summary: 'Accept a requested return: { instructions? } (how to send it back), mailed to the buyer. 409 in words when it is not requested. Admins only.',
          params: idParamsSchema,
          body: authoriseReturnSchema,
          response: { 200: returnSchema },
        },
      },
      (request) => service.authorise(callerOf(request), request.params.id, request.body.instructions),
    );

    app.post(
      '/admin/returns/:id/refuse',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['back office'],
          summary: 'Refuse a requested return: { reason }, mailed to the buyer; its units may be returned again. 409 in words when it is not requested. Admins only.',
          params: idParamsSchema,
          body: refuseReturnSchema,
          response: { 200: returnSchema },
        },
      },
      (request) => service.refuse(callerOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/admin/returns/:id/receive',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['back office'],
          summary:
            "The units of an authorised return arrived: { lines: [{ toolId, quantity, restock }] }; restock puts them back in stock (a `returned` movement), else they are scrapped; lines not named did not arrive. Received once: 409 in words after. Admins only.",
          params: idParamsSchema,
          body: receiveReturnSchema,
          response: { 200: returnSchema },
        },
      },
      (request) => service.receive(callerOf(request), request.params.id, request.body),
    );

    app.post(
      '/admin/returns/:id/refund',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['back office'],
          summary:
            "Refund a received return through the order's refund and credit note: { amount? } in dollars, by default the received lines' share of what was paid (and, for a withdrawal of the whole order, the delivery charge). Refunded once: 409 in words after. Admins only.",
          params: idParamsSchema,
          body: refundReturnSchema,
          response: { 200: returnSchema },
        },
      },
      (request) => service.refund(callerOf(request), request.params.id, request.body),
    );
  };
}
