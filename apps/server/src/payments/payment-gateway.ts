import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.ts';
import type { PaymentGateway } from '../orders/lifecycle/collaborators.ts';
import type { OrderLifecycle } from '../orders/lifecycle/index.ts';

/**
 * A gateway with the calls only it answers (the built-in gateway's card form, Stripe's webhook).
 * The shop wires the one its configuration names, so a route of the other gateway does not exist
 * at all (404) and no service has to ask which gateway is in use.
 */
export interface PaymentGatewayModule {
  gateway: PaymentGateway;
  routes(deps: { db: Database; lifecycle: OrderLifecycle }): FastifyPluginAsyncZod;
}
