import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPaymentIntentSchema, paymentConfigSchema, paymentIntentResponseSchema } from '@voltline/shared/payment';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { PaymentsService } from './payments-service.ts';
import { routesTagged } from '../http/route-options.ts';

const route = routesTagged('payments');

/** Card payment calls every gateway answers; a gateway's own calls are in its module (payment-gateway.ts). Who may call each is in its summary. */
export function paymentsRoutes(payments: PaymentsService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/payments/config', route('Which card gateway the shop uses. Public.', { answer: paymentConfigSchema }), () => payments.config());

    app.post('/create-payment-intent', route('A payment intent for an unpaid order (amount from the order; `price` ignored). Its buyer only.', { onRequest: guards.requireUser, body: createPaymentIntentSchema, answer: paymentIntentResponseSchema }),
      (request) => payments.createIntent(callerOf(request), request.body.orderId));
  };
}
