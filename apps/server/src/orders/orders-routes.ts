import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedSchema, insertedSchema, orderSchema, paymentUpdateSchema, placeOrderSchema } from '@voltline/shared/order';
import { pageQuerySchema } from '@voltline/shared/paging';
import { acknowledgedSchema } from '@voltline/shared/profile';
import type { RouteLimit, WrongCouponCodeLimit } from '../http/rate-limits.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { PaymentsService } from '../payments/payments-service.ts';
import type { OrdersService } from './orders-service.ts';
import { idParamsSchema } from '@voltline/shared/id';
import { text } from '@voltline/shared/text';
import { answerPage, pageOf, routesTagged } from '../http/route-options.ts';

const route = routesTagged('orders');
const paymentRoute = routesTagged('orders', 'payments');

/** A customer's orders (product.md, "The API"). Every route needs a Bearer token. */
export function ordersRoutes(
  ordersService: OrdersService,
  payments: PaymentsService,
  guards: CallerGuards,
  orderLimit: RouteLimit,
  wrongCouponCodes: WrongCouponCodeLimit,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/purchased', route("Place an order (toolId, quantity, phone, address). Signed-in users; price and buyer come from the server. Instead of `address`, the address's fields (deliveryName, deliveryStreet, deliveryPostcode, deliveryCity) with its `country`: the postcode must fit the country's format, and `address` is composed from them.", { onRequest: guards.requireUser, config: orderLimit, body: placeOrderSchema, answer: insertedSchema }),
      (request) => wrongCouponCodes(request, request.body.couponCode, () => ordersService.placeOrder(callerOf(request), request.body)));

    app.get('/purchased', route("The caller's own orders, newest first, a page at a time (limit, cursor from the Link header; the buyerEamil query is ignored). Signed-in users.", { onRequest: guards.requireUser, querystring: pageQuerySchema.extend({ buyerEamil: text().max(254).optional() }), answer: pageOf(orderSchema) }),
      answerPage((request) => ordersService.listOwnOrders(callerOf(request), request.query)));

    app.get('/purchasedSingle/:id', route('One order. Its buyer or an admin.', { onRequest: guards.requireUserOrKey('readOrders'), params: idParamsSchema, answer: orderSchema }),
      (request) => ordersService.getOrder(callerOf(request), request.params.id));

    app.patch('/purchasedSingle/:id', paymentRoute('Record a payment ({ transactionId, delivery: "pending" }); verified with the gateway. Its buyer or an admin.', { onRequest: guards.requireUser, params: idParamsSchema, body: paymentUpdateSchema, answer: acknowledgedSchema }),
      (request) => payments.confirmOrderPayment(callerOf(request), request.params.id, request.body));

    app.delete('/purchasedSingle/:id', route('Cancel an unpaid order. Its buyer only.', { onRequest: guards.requireUser, params: idParamsSchema, answer: deletedSchema }),
      (request) => ordersService.cancelOwnOrder(callerOf(request), request.params.id));
  };
}
