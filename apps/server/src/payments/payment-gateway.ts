import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentProvider } from '@voltline/shared/payment';
import type { Database } from '../db/client.ts';
import type { OrderLifecycle } from '../orders/lifecycle/index.ts';
import { AppError } from '../platform/app-error.ts';

/** A payment intent as the shop needs to know it, whichever gateway holds it. */
export interface GatewayIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  orderId: string | undefined;
  succeeded: boolean;
}

/**
 * The card payment provider behind the shop: Stripe, or the built-in offline test gateway.
 * The server asks the gateway, never the browser, whether an intent was paid.
 */
export interface PaymentGateway {
  provider: PaymentProvider;
  /** What the browser needs to show the card form. */
  publishableKey: string | null;
  createIntent(input: { orderId: string; amountCents: number }): Promise<GatewayIntent>;
  /** The intent as the gateway knows it now; null for an id it never issued. */
  retrieveIntent(intentId: string): Promise<GatewayIntent | null>;
  /**
   * Gives `amountCents` of a succeeded intent back to the card. The key makes a retry of the same
   * refund (after a crash or a lost answer) return the first refund instead of paying out twice.
   */
  refund(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }>;
}

/**
 * A gateway with the calls only it answers (the built-in gateway's card form, Stripe's webhook).
 * The shop wires the one its configuration names, so a route of the other gateway does not exist
 * at all (404) and no service has to ask which gateway is in use.
 */
export interface PaymentGatewayModule {
  gateway: PaymentGateway;
  routes(deps: { db: Database; lifecycle: OrderLifecycle }): FastifyPluginAsyncZod;
}

export const paymentNotVerified = () =>
  new AppError('invalid_data', 'The payment could not be verified with the card provider. The order stays unpaid.');
