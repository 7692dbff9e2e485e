import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPaymentIntentSchema, paymentConfigSchema, paymentIntentResponseSchema } from '@voltline/shared/payment';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { PaymentsService } from './payments-service.ts';

/** Card payment calls every gateway answers; a gateway's own calls are in its module (payment-gateway.ts). Who may call each is in its summary. */
export function paymentsRoutes(payments: PaymentsService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/payments/config',
      { schema: { tags: ['payments'], summary: 'Which card gateway the shop uses. Public.', response: { 200: paymentConfigSchema } } },
      () => payments.config(),
    );

    app.post(
      '/create-payment-intent',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['payments'],
          summary: 'A payment intent for an unpaid order (amount from the order; `price` ignored). Its buyer only.',
          body: createPaymentIntentSchema,
          response: { 200: paymentIntentResponseSchema },
        },
      },
      (request) => payments.createIntent(callerOf(request), request.body.orderId),
    );
  };
}
