import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrdersQuerySchema, deletedSchema, orderEventSchema, orderSchema, refundAnswerSchema, refundOrderSchema, shopOverviewSchema } from '@voltline/shared/order';
import { acknowledgedSchema } from '@voltline/shared/profile';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { AdminOrdersService } from './admin-orders-service.ts';
import { ordersToCsv } from './orders-csv.ts';
import { idParamsSchema } from '@voltline/shared/id';
import { sendCsv } from '../http/replies.ts';
import { answerPage, pageOf, routesTagged } from '../http/route-options.ts';

const route = routesTagged('back office');

/** Manage All Orders (product.md, "The API") and what a shop owner needs beyond it. Every route: admins only. */
export function adminOrdersRoutes(adminOrders: AdminOrdersService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    // Each route names the permission it needs (decision 063): reading orders, shipping, refunds, the figures.
    const readOrders = guards.allow('readOrders');

    app.get('/adminPurchased', route('Orders: ?delivery=pending|shipped or ?status=unpaid (live orders), ?status=refunded (any money given back, cancelled orders included), ?status=cancelled, or every order, cancelled ones included (`cancelled: true`); newest first, a page at a time (limit, cursor from the Link header, q: the order number (VL-10042, or its digits), the order id or transaction id, or text anywhere in the buyer\'s email or name, the product or the address; one or two characters match the start of the email, name or product). Admins only.', { onRequest: readOrders, querystring: adminOrdersQuerySchema, answer: pageOf(orderSchema) }),
      answerPage((request) => adminOrders.listOrders(request.query)));

    app.get(
      '/adminPurchased/export.csv',
      {
        ...route(
          "Every order the filters and search match, as a CSV file streamed as it is read (limit and cursor do not apply); with no filter every order, cancelled ones included. The order's fields, then refundedAmount (the amount given back; price stays what was charged) and cancelledAt (ISO time, empty while live); every amount in the shop's currency, named in the last column, currency. Admins only.",
          { onRequest: readOrders, querystring: adminOrdersQuerySchema },
        ),
        // Hundreds of megabytes for a big shop: gzip streams them with a small, fixed window.
        compress: { encodings: ['gzip'] },
      },
      async (request, reply) => {
        const { limit: _limit, cursor: _cursor, ...filters } = request.query;
        return sendCsv(reply, `voltline-orders-${filters.status ?? filters.delivery ?? 'all'}.csv`, Readable.from(ordersToCsv(adminOrders.exportOrders(filters))));
      },
    );

    app.get('/adminPurchased/:id/history', route("An order's state changes, who and when (cancelled orders too). Admins only.", { onRequest: readOrders, params: idParamsSchema, answer: z.array(orderEventSchema) }),
      (request) => adminOrders.orderHistory(request.params.id));

    app.get('/adminOverview', route('Revenue and orders per day for 30 days, and tools below their minimum order quantity. Admins only.', { onRequest: guards.allow('accounts'), answer: shopOverviewSchema }),
      () => adminOrders.overview());

    app.patch('/deliverConfirm/:id', route('Ship a paid order and lower the stock, or 409. Admins only.', { onRequest: guards.allow('ship'), params: idParamsSchema, body: z.object({ delivery: z.literal('shipped').optional() }).optional(), answer: acknowledgedSchema }),
      (request) => adminOrders.shipOrder(callerOf(request), request.params.id));

    app.post('/adminPurchased/:id/refund', route('Refund a paid order through the card gateway ({ amount?: whole dollars, default the rest; reason }). In full before shipping it cancels the order and frees its units; after shipping nothing is restocked. Admins only.', { onRequest: guards.allow('refunds'), params: idParamsSchema, body: refundOrderSchema, answer: refundAnswerSchema }),
      (request) => adminOrders.refundOrder(callerOf(request), request.params.id, request.body));

    app.delete('/deletOrder/:id', route('Cancel an unpaid order. Admins only.', { onRequest: guards.allow('settings'), params: idParamsSchema, answer: deletedSchema }),
      (request) => adminOrders.cancelOrder(callerOf(request), request.params.id));
  };
}
