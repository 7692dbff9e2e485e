import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@voltline/shared/id';
import { stockDifferenceSchema, stockHistoryQuerySchema, stockMoveAnswerSchema, stockMoveRequestSchema, stockMoveSchema } from '@voltline/shared/stock-moves';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { StockLedger } from './stock-ledger.ts';
import { answerPage, pageOf, routesTagged, guardEveryRoute } from '../http/route-options.ts';

const route = routesTagged('catalogue');

/** Stock as a ledger (decision 041). Every route: admins only. */
export function stockRoutes(stock: StockLedger, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    // Before the body is read (decision 007): who may call is decided first.
    guardEveryRoute(app, guards.allow('stock'));

    app.post('/admin/tools/:id/stock-moves', route('Record a stock movement of a tool: `received` units (a batch), a `counted` stock (the shop records the difference; a count equal to the stock records nothing and answers `move: null`), or `scrapped` units. Counts and scraps need a note. Refused (409) below what paid orders wait for, or below 0. Admins only.', { params: idParamsSchema, body: stockMoveRequestSchema, answer: stockMoveAnswerSchema }),
      (request) => stock.record(callerOf(request), request.params.id, request.body));

    app.get('/admin/tools/:id/stock-moves', route("A tool's stock history, newest first, each movement with the stock after it (limit, cursor from the Link header, kind). Admins only.", { params: idParamsSchema, querystring: stockHistoryQuerySchema, answer: pageOf(stockMoveSchema) }),
      answerPage((request) => stock.history(request.params.id, request.query)));

    app.get('/admin/stock/verify', route('The tools whose available quantity is not the sum of their stock movements (at most 100); an empty list when the ledger balances. Admins only.', { answer: z.array(stockDifferenceSchema) }),
      () => stock.verify());
  };
}
