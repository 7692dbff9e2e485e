import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, toolKeys } from '../../../lib/query-keys.ts';

interface PaymentRecord {
  orderId: string;
  /** The id of the payment intent the card provider confirmed. */
  transactionId: string;
}

/** PATCH /api/purchasedSingle/{id}: tells the shop the order is paid; the server checks with the gateway. */
function recordPayment({ orderId, transactionId }: PaymentRecord) {
  return apiRequest<{ acknowledged: boolean; modifiedCount: number }>(`/purchasedSingle/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body: JSON.stringify({ transactionId, delivery: 'pending' }),
    // product.md, "What the shop says": the payment update never signs the user out; the card has been charged by now.
    signOutOnAuthFailure: false,
  });
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    // Also after a failure: the gateway may have marked the order paid already, and the page should say so.
    // Every order key: this order and My Orders among them. A payment promises the order's units,
    // which lowers what every tool list offers.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: toolKeys.all }),
      ]),
  });
}
