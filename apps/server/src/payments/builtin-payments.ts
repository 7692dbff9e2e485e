import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { builtinConfirmResponseSchema, builtinConfirmSchema, type BuiltinCardPayment } from '@voltline/shared/payment';
import type { Database } from '../db/client.ts';
import type { OrderLifecycle } from '../orders/lifecycle/index.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { createBuiltinGateway, TEST_CARD_OUTCOMES, TEST_MODE_MESSAGE, type BuiltinGateway } from './builtin-gateway.ts';
import type { PaymentGatewayModule } from './payment-gateway.ts';

/**
 * The built-in gateway's confirm call (what Stripe.js does in the browser): checks the card, and
 * on success records the payment as Stripe's webhook would. Card data is neither stored nor logged.
 */
async function confirmWithTestCard(
  gateway: BuiltinGateway,
  lifecycle: OrderLifecycle,
  { clientSecret, card }: BuiltinCardPayment,
): Promise<{ status: 'succeeded'; paymentIntentId: string }> {
  const intent = await gateway.findByClientSecret(clientSecret);
  if (!intent) throw notFound('Payment not found');
  if (!intent.succeeded) {
    const outcome = TEST_CARD_OUTCOMES[card.number];
    if (!outcome) throw new AppError('payment_refused', TEST_MODE_MESSAGE, 'test_mode');
    if (!outcome.ok) throw new AppError('payment_refused', outcome.message, outcome.code);
  }
  // The shop is the card provider here: when the units are gone it refuses before charging.
  await lifecycle.pay({ ...intent, succeeded: true }, null, {
    shortfall: 'refuse',
    within: (tx) => gateway.markSucceeded(tx, intent.id),
  });
  return { status: 'succeeded', paymentIntentId: intent.id };
}

function builtinPaymentRoutes(gateway: BuiltinGateway, lifecycle: OrderLifecycle): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/payments/builtin/confirm',
      {
        schema: {
          tags: ['payments'],
          summary: 'The built-in test gateway: pay an intent with a Stripe test card. Holder of the client secret.',
          body: builtinConfirmSchema,
          response: { 200: builtinConfirmResponseSchema },
        },
      },
      (request) => confirmWithTestCard(gateway, lifecycle, request.body),
    );
  };
}

/** Payments with the offline test gateway: its intents in the shop's own table, and its card form. */
export function createBuiltinPayments(db: Database, currency: string): PaymentGatewayModule {
  const gateway = createBuiltinGateway(db, currency);
  return { gateway, routes: ({ lifecycle }) => builtinPaymentRoutes(gateway, lifecycle) };
}
