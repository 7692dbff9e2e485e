import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { paymentIntentResponseSchema } from '@voltline/shared/payment';
import { apiRequest } from '../../../lib/api-client.ts';
import { paymentKeys } from '../../../lib/query-keys.ts';

export type PaymentIntent = z.infer<typeof paymentIntentResponseSchema>;

/**
 * POST /api/create-payment-intent: the server prices it from the order and answers the same
 * intent for the same order, so it is safe to read like a query.
 */
function createPaymentIntent(orderId: string): Promise<PaymentIntent> {
  return apiRequest<PaymentIntent>('/create-payment-intent', { method: 'POST', body: JSON.stringify({ orderId }) });
}

const paymentIntentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.intent(orderId),
    queryFn: () => createPaymentIntent(orderId),
    staleTime: Infinity,
  });

export function usePaymentIntent(orderId: string) {
  return useQuery(paymentIntentQueryOptions(orderId));
}
