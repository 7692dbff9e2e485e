import type { z } from 'zod';
import type { builtinConfirmResponseSchema, Card } from '@voltline/shared/payment';
import { apiRequest } from '../../../lib/api-client.ts';

type BuiltinConfirmation = z.infer<typeof builtinConfirmResponseSchema>;

/**
 * POST /api/payments/builtin/confirm: the built-in gateway's counterpart of Stripe.js confirming a
 * card. A refusal (402) carries the card provider's message. No hook: it runs as one step of
 * useCardPayment, which owns the pending and error state of the whole payment.
 */
export function confirmBuiltinPayment(payment: { clientSecret: string; card: Card }): Promise<BuiltinConfirmation> {
  return apiRequest<BuiltinConfirmation>('/payments/builtin/confirm', { method: 'POST', body: JSON.stringify(payment) });
}
