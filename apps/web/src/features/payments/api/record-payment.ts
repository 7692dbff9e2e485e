import { apiSend } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { orderKeys, toolKeys } from '../../../lib/query-keys.ts';

interface PaymentRecord {
  orderId: string;
  /** The id of the payment intent the card provider confirmed. */
  transactionId: string;
}

/** PATCH /api/purchasedSingle/{id}: tells the shop the order is paid; the server checks with the gateway. */
const recordPayment = ({ orderId, transactionId }: PaymentRecord) =>
  // product.md, "What the shop says": the payment update never signs the user out; the card has been charged by now.
  apiSend<{ acknowledged: boolean; modifiedCount: number }>('PATCH', `/purchasedSingle/${encodeURIComponent(orderId)}`, { transactionId, delivery: 'pending' }, { signOutOnAuthFailure: false });

/**
 * Also after a failure: the gateway may have marked the order paid already, and the page should say so.
 * Every order key: this order and My Orders among them. A payment promises the order's units,
 * which lowers what every tool list offers.
 */
export const useRecordPayment = () => useRefreshingMutation(recordPayment, [orderKeys.all, toolKeys.all], { evenWhenRefused: true });
