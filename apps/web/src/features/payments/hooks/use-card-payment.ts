import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useRecordPayment } from '../api/record-payment.ts';
import { CardPaymentRefusedError, type ConfirmCardPayment } from '../card-payment.ts';

const UNEXPECTED_FAILURE = 'The payment could not be completed. Please try again.';

function describePaymentFailure(error: Error): string {
  return error instanceof ApiRequestError || error instanceof CardPaymentRefusedError ? error.message : UNEXPECTED_FAILURE;
}

/**
 * One card payment of an order: the card form confirms with its provider, then the order is
 * marked paid (product.md, "The API": transactionId and delivery pending).
 */
export function useCardPayment(orderId: string) {
  const recordPayment = useRecordPayment();
  // Once the provider has charged the card, a retry after a failed update must only record the
  // payment again, never confirm (and charge) a second time.
  const chargedIntentId = useRef<string | null>(null);

  const payment = useMutation({
    mutationFn: async (confirmCardPayment: ConfirmCardPayment) => {
      chargedIntentId.current ??= await confirmCardPayment();
      const transactionId = chargedIntentId.current;
      await recordPayment.mutateAsync({ orderId, transactionId });
      return transactionId;
    },
  });

  return {
    pay: payment.mutate,
    /** Forgets the last attempt's refusal (not while one runs, nor once paid). */
    forgetFailure: () => {
      if (payment.isError) payment.reset();
    },
    processing: payment.isPending,
    failure: payment.isError ? describePaymentFailure(payment.error) : null,
    /** Set once this visit's payment succeeded. */
    transactionId: payment.data ?? null,
  };
}
