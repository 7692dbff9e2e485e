import { eq } from 'drizzle-orm';
import { paymentLimitMessage, type PaymentConfig } from '@voltline/shared/payment';
import type { z } from 'zod';
import type { paymentUpdateSchema } from '@voltline/shared/order';
import { fromCents, withinPaymentMaximum } from '@voltline/shared/money';
import type { Database } from '../db/client.ts';
import { paymentIntents } from '../db/schema.ts';
import { AppError } from '../platform/app-error.ts';
import type { Caller } from '../identity/caller.ts';
import type { OrderLifecycle } from '../orders/lifecycle/index.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import { paymentNotVerified, type PaymentGateway } from '../orders/lifecycle/collaborators.ts';

/**
 * Card payments. The amount always comes from the stored order, and an order becomes paid only
 * when the gateway itself says this intent succeeded for this order and this amount.
 */
export function createPaymentsService(deps: {
  db: Database;
  orders: OrdersService;
  gateway: PaymentGateway;
  lifecycle: OrderLifecycle;
}) {
  const { db, orders: ordersService, lifecycle, gateway } = deps;

  return {
    config(): PaymentConfig {
      return { provider: gateway.provider, publishableKey: gateway.publishableKey };
    },

    /**
     * POST /create-payment-intent: only the buyer of an unpaid order; one intent per order, reused.
     * Refused before the card form when the units left cannot cover the order.
     */
    async createIntent(caller: Caller, orderId: string): Promise<{ clientSecret: string; paymentIntentId: string; amount: number }> {
      const order = await ordersService.findVisibleOrder(caller, orderId);
      if (order.userId !== caller.userId) throw new AppError('forbidden', 'Only the buyer can pay this order.');
      await lifecycle.checkPayable(order);
      if (!withinPaymentMaximum(order.priceCents)) throw new AppError('bad_request', paymentLimitMessage());

      const existing = async () =>
        (await db.select().from(paymentIntents).where(eq(paymentIntents.orderId, order.id)))[0];
      const known = await existing();
      if (known) return { clientSecret: known.clientSecret, paymentIntentId: known.id, amount: fromCents(known.amountCents) };
      const intent = await gateway.createIntent({ orderId: order.id, amountCents: order.priceCents });
      await db
        .insert(paymentIntents)
        .values({
          id: intent.id,
          orderId: order.id,
          provider: gateway.provider,
          amountCents: intent.amountCents,
          clientSecret: intent.clientSecret,
          status: 'requires_payment_method',
        })
        .onConflictDoNothing();
      const stored = (await existing())!;
      return { clientSecret: stored.clientSecret, paymentIntentId: stored.id, amount: fromCents(stored.amountCents) };
    },

    /** PATCH /purchasedSingle/{id}: the spec's "mark paid", believed only once the gateway confirms. */
    async confirmOrderPayment(caller: Caller, orderId: string, update: z.infer<typeof paymentUpdateSchema>): Promise<{ acknowledged: true; modifiedCount: number }> {
      // Staff other than the buyer record a payment as the accounts do.
      const order = await ordersService.findVisibleOrder(caller, orderId, 'accounts');
      const intent = await gateway.retrieveIntent(update.transactionId);
      if (!intent || intent.orderId !== order.id) throw paymentNotVerified();
      // The card was already charged in the browser: if the order cannot take it, it is refunded.
      const paid = await lifecycle.pay(intent, caller, { shortfall: 'refund' });
      if (paid.outcome === 'refunded') throw new AppError('conflict', paid.message);
      return { acknowledged: true, modifiedCount: paid.outcome === 'paid' ? 1 : 0 };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
