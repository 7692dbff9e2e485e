import { useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@voltline/shared/payment';
import { setUpAtStartQuery } from '../../../lib/client-config.ts';
import { paymentKeys } from '../../../lib/query-keys.ts';

/** GET /api/payments/config: which card gateway the shop uses, and Stripe's publishable key if it is Stripe. */
const paymentConfigQueryOptions = setUpAtStartQuery<PaymentConfig>(paymentKeys.config(), '/payments/config');

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions);
}
