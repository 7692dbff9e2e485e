import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { answerPage, pageOf, routesTagged } from '../http/route-options.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { ReturnsService } from './returns-service.ts';

const orderRoute = routesTagged('orders');
const backOfficeRoute = routesTagged('back office');

/** Returns and the withdrawal button (issue 38, decision 048). */
export function returnsRoutes(service: ReturnsService, guards: CallerGuards, requestLimit: RouteLimit): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/purchasedSingle/:id/returns', orderRoute("Send units of your shipped order back: { lines: [{ toolId, quantity, serialNumbers? }], reason: withdrawal | faulty | wrong item | damaged in transport, comment? }. A withdrawal needs no reason and is taken within WITHDRAWAL_DAYS (14) of delivery; the others while each tool's warranty runs. Answers the return at once (its number and time: the acknowledgement, also mailed). 409 in words: more units than were shipped and not yet returned, the period over. A serial number not shipped in this order 404, as another's order. The order's buyer, or an admin recording the buyer's return; anyone else 404.", { onRequest: guards.requireUser, config: requestLimit, params: idParamsSchema, body: createReturnSchema, answer: returnSchema }),
      (request) => service.requestReturn(callerOf(request), request.params.id, request.body));

    app.get('/purchasedSingle/:id/return-window', orderRoute("When the order's withdrawal period (ISO time) and its tools' warranty (last day, UTC) end; null when nothing was shipped. Its buyer and admins; anyone else 404.", { onRequest: guards.requireUserOrKey('readOrders'), params: idParamsSchema, answer: returnWindowSchema }),
      (request) => service.returnWindow(callerOf(request), request.params.id));

    app.get('/returns', orderRoute("The caller's own returns, newest first, a page at a time (limit, cursor from the Link header). Signed-in users.", { onRequest: guards.requireUser, querystring: pageQuerySchema, answer: pageOf(returnSchema) }),
      answerPage((request) => service.listOwn(callerOf(request), request.query)));

    app.get('/admin/returns', backOfficeRoute('Every return, newest first, a page at a time (limit, cursor from the Link header), or those of one status (requested, authorised, refused, received, refunded). Admins only.', { onRequest: guards.allow('returns'), querystring: adminReturnsQuerySchema, answer: pageOf(returnSchema) }),
      answerPage((request) => service.listAll(request.query.status, request.query)));

    app.get('/admin/returns/:id', backOfficeRoute('One return with its order, lines, serial numbers and history. Admins only.', { onRequest: guards.allow('returns'), params: idParamsSchema, answer: returnSchema }),
      (request) => service.getReturn(request.params.id));

    app.post('/admin/returns/:id/authorise', backOfficeRoute('Accept a requested return: { instructions? } (how to send it back), mailed to the buyer. 409 in words when it is not requested. Admins only.', { onRequest: guards.allow('returns'), params: idParamsSchema, body: authoriseReturnSchema, answer: returnSchema }),
      (request) => service.authorise(callerOf(request), request.params.id, request.body.instructions));

    app.post('/admin/returns/:id/refuse', backOfficeRoute('Refuse a requested return: { reason }, mailed to the buyer; its units may be returned again. 409 in words when it is not requested. Admins only.', { onRequest: guards.allow('returns'), params: idParamsSchema, body: refuseReturnSchema, answer: returnSchema }),
      (request) => service.refuse(callerOf(request), request.params.id, request.body.reason));

    app.post('/admin/returns/:id/receive', backOfficeRoute("The units of an authorised return arrived: { lines: [{ toolId, quantity, restock }] }; restock puts them back in stock (a `returned` movement), else they are scrapped; lines not named did not arrive. Received once: 409 in words after. Admins only.", { onRequest: guards.allow('returns'), params: idParamsSchema, body: receiveReturnSchema, answer: returnSchema }),
      (request) => service.receive(callerOf(request), request.params.id, request.body));

    app.post('/admin/returns/:id/refund', backOfficeRoute("Refund a received return through the order's refund and credit note: { amount? } in dollars, by default the received lines' share of what was paid (and, for a withdrawal of the whole order, the delivery charge). Refunded once: 409 in words after. Admins only.", { onRequest: guards.allow('refunds'), params: idParamsSchema, body: refundReturnSchema, answer: returnSchema }),
      (request) => service.refund(callerOf(request), request.params.id, request.body));
  };
}
