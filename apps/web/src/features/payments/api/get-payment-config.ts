import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@voltline/shared/payment';
import { apiRequest } from '../../../lib/api-client.ts';
import { paymentKeys } from '../../../lib/query-keys.ts';

/** GET /api/payments/config: which card gateway the shop uses, and Stripe's publishable key if it is Stripe. */
function getPaymentConfig(): Promise<PaymentConfig> {
  return apiRequest<PaymentConfig>('/payments/config');
}

const paymentConfigQueryOptions = queryOptions({
  queryKey: paymentKeys.config(),
  queryFn: getPaymentConfig,
  // The gateway is chosen when the server starts.
  staleTime: Infinity,
});

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions);
}
