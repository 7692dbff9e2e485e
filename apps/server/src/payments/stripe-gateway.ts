import Stripe from 'stripe';
import type { GatewayIntent, PaymentGateway } from '../orders/lifecycle/collaborators.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Only for tests: a local stand-in of Stripe's API. */
  apiUrl: string | undefined;
}

function connectionOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  return { host: url.hostname, port: url.port, protocol: url.protocol.replace(':', '') as 'http' | 'https' };
}

function toGatewayIntent(intent: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    currency: intent.currency.toUpperCase(),
    orderId: intent.metadata.orderId,
    succeeded: intent.status === 'succeeded',
  };
}

/**
 * Stripe PaymentIntents through the official SDK, in the shop's currency (`currency`, ISO 4217); the
 * order id travels in the intent's metadata.
 */
export function createStripeGateway(settings: StripeSettings, currency: string) {
  const stripe = new Stripe(settings.secretKey, { maxNetworkRetries: 2, telemetry: false, ...connectionOptions(settings.apiUrl) });
  const gateway: PaymentGateway = {
    provider: 'stripe',
    publishableKey: settings.publishableKey,
    currency,
    async createIntent({ orderId, amountCents }) {
      const intent = await stripe.paymentIntents.create(
        // Stripe names currencies in lower case and takes amounts in their minor units: the shop's cents.
        { amount: amountCents, currency: currency.toLowerCase(), metadata: { orderId }, automatic_payment_methods: { enabled: true } },
        // One intent per order even if two requests race to create it.
        { idempotencyKey: `order-${orderId}` },
      );
      return toGatewayIntent(intent);
    },
    async retrieveIntent(intentId) {
      try {
        return toGatewayIntent(await stripe.paymentIntents.retrieve(intentId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    },
    async refund({ intentId, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey });
      return { refundId: refund.id };
    },
  };
  return {
    gateway,
    /** Verifies the signature over the raw body; throws when it does not match. */
    verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
  };
}
export type StripeGateway = ReturnType<typeof createStripeGateway>;
