import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedSchema, insertedSchema, orderSchema, paymentUpdateSchema, placeOrderSchema } from '@voltline/shared/order';
import { pageQuerySchema } from '@voltline/shared/paging';
import { acknowledgedSchema } from '@voltline/shared/profile';
import type { RouteLimit, WrongCouponCodeLimit } from '../http/rate-limits.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { PaymentsService } from '../payments/payments-service.ts';
import { sendPage } from '../http/replies.ts';
import type { OrdersService } from './orders-service.ts';
import { idParamsSchema } from '@voltline/shared/id';
import { text } from '@voltline/shared/text';


/** A customer's orders (product.md, "The API"). Every route needs a Bearer token. */
export function ordersRoutes(
  ordersService: OrdersService,
  payments: PaymentsService,
  guards: CallerGuards,
  orderLimit: RouteLimit,
  wrongCouponCodes: WrongCouponCodeLimit,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/purchased',
      {
        onRequest: guards.requireUser,
        config: orderLimit,
        schema: {
          tags: ['orders'],
          summary:
            "Place an order (toolId, quantity, phone, address). Signed-in users; price and buyer come from the server. Instead of `address`, the address's fields (deliveryName, deliveryStreet, deliveryPostcode, deliveryCity) with its `country`: the postcode must fit the country's format, and `address` is composed from them.",
          body: placeOrderSchema,
          response: { 200: insertedSchema },
        },
      },
      (request) => wrongCouponCodes(request, request.body.couponCode, () => ordersService.placeOrder(callerOf(request), request.body)),
    );

    app.get(
      '/purchased',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['orders'],
          summary:
            "The caller's own orders, newest first, a page at a time (limit, cursor from the Link header; the buyerEamil query is ignored). Signed-in users.",
          querystring: pageQuerySchema.extend({ buyerEamil: text().max(254).optional() }),
          response: { 200: z.array(orderSchema) },
        },
      },
      async (request, reply) => sendPage(request, reply, await ordersService.listOwnOrders(callerOf(request), request.query)),
    );

    app.get(
      '/purchasedSingle/:id',
      {
        onRequest: guards.requireUser,
        schema: { tags: ['orders'], summary: 'One order. Its buyer or an admin.', params: idParamsSchema, response: { 200: orderSchema } },
      },
      (request) => ordersService.getOrder(callerOf(request), request.params.id),
    );

    app.patch(
      '/purchasedSingle/:id',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['orders', 'payments'],
          summary: 'Record a payment ({ transactionId, delivery: "pending" }); verified with the gateway. Its buyer or an admin.',
          params: idParamsSchema,
          body: paymentUpdateSchema,
          response: { 200: acknowledgedSchema },
        },
      },
      (request) => payments.confirmOrderPayment(callerOf(request), request.params.id, request.body),
    );

    app.delete(
      '/purchasedSingle/:id',
      {
        onRequest: guards.requireUser,
        schema: { tags: ['orders'], summary: 'Cancel an unpaid order. Its buyer only.', params: idParamsSchema, response: { 200: deletedSchema } },
      },
      (request) => ordersService.cancelOwnOrder(callerOf(request), request.params.id),
    );
  };
}
