import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import type { DbExecutor } from '../db/client.ts';
import { processedWebhookEvents } from '../db/schema.ts';
import { AppError } from '../platform/app-error.ts';
import { paymentNotVerified } from '../orders/lifecycle/collaborators.ts';
import type { PaymentGatewayModule } from './payment-gateway.ts';
import { createStripeGateway, type StripeGateway, type StripeSettings } from './stripe-gateway.ts';

type WebhookDeps = Parameters<PaymentGatewayModule['routes']>[0];

/** POST /webhooks/stripe: signed events only; a replayed event id changes nothing. */
async function handleStripeEvent(
  stripe: StripeGateway,
  { db, lifecycle }: WebhookDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true }> {
  let event: Stripe.Event;
  try {
    event = stripe.verifyWebhook(rawBody, signature ?? '');
  } catch {
    throw new AppError('bad_request', 'The webhook signature does not match.');
  }
  const recordEvent = (executor: DbExecutor) =>
    executor.insert(processedWebhookEvents).values({ eventId: event.id }).onConflictDoNothing().returning();
  if (event.type !== 'payment_intent.succeeded') {
    await recordEvent(db);
    return { received: true };
  }
  // The event proves the intent succeeded only if Stripe, asked directly, still says so.
  const current = await stripe.gateway.retrieveIntent(event.data.object.id);
  if (!current) throw paymentNotVerified();
  try {
    // A sold-out or cancelled order gets its money back (orders/lifecycle/pay.ts): nothing for Stripe to retry.
    await lifecycle.pay(current, null, {
      shortfall: 'refund',
      // A replayed event id changes nothing; an unverified one rolls its record back so Stripe retries.
      within: async (tx) => ((await recordEvent(tx)).length === 0 ? 'skip' : undefined),
    });
  } catch (error) {
    // An order already settled by another payment is not Stripe's to retry: keep the event as handled.
    if (!(error instanceof AppError && error.kind === 'conflict')) throw error;
    await recordEvent(db);
  }
  return { received: true };
}

function stripeWebhookRoutes(stripe: StripeGateway, deps: WebhookDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Stripe signs the exact bytes it sent: this route keeps the body raw.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post(
      '/webhooks/stripe',
      { schema: { tags: ['payments'], summary: 'Stripe events, verified by signature. Stripe only.' } },
      (request) => handleStripeEvent(stripe, deps, request.body as Buffer, request.headers['stripe-signature'] as string | undefined),
    );
  };
}

/** Payments through Stripe: intents at Stripe, and the webhook that tells the shop an intent succeeded. */
export function createStripePayments(settings: StripeSettings, currency: string): PaymentGatewayModule {
  const stripe = createStripeGateway(settings, currency);
  return { gateway: stripe.gateway, routes: (deps) => stripeWebhookRoutes(stripe, deps) };
}
