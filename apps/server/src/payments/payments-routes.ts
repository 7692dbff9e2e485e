import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { builtinConfirmResponseSchema, createPaymentIntentSchema, paymentConfigSchema, paymentIntentResponseSchema } from '@voltline/shared/payment';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { PaymentsService } from './payments-service.ts';

/** Card payment calls. Who may call each is in its summary. */
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
        preHandler: guards.requireUser,
        schema: {
          tags: ['payments'],
          summary: 'A payment intent for an unpaid order (amount from the order; `price` ignored). Its buyer only.',
          body: createPaymentIntentSchema,
          response: { 200: paymentIntentResponseSchema },
        },
      },
      (request) => payments.createIntent(callerOf(request), request.body.orderId),
    );

    app.post(
      '/payments/builtin/confirm',
      {
        schema: {
          tags: ['payments'],
          summary: 'The built-in test gateway: pay an intent with a Stripe test card. Holder of the client secret.',
          body: z.record(z.string(), z.unknown()),
          response: { 200: builtinConfirmResponseSchema },
        },
      },
      (request) => payments.confirmBuiltinPayment(request.body),
    );

    // Stripe signs the exact bytes it sent: this route keeps the body raw.
    await app.register(async (webhooks) => {
      webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      webhooks.post(
        '/webhooks/stripe',
        { schema: { tags: ['payments'], summary: 'Stripe events, verified by signature. Stripe only.' } },
        (request) => payments.handleStripeWebhook(request.body as Buffer, request.headers['stripe-signature'] as string | undefined),
      );
    });
  };
}
