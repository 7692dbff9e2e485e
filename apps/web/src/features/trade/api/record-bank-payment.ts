import type { BankPayment } from '@voltline/shared/on-account';
import type { Order } from '@voltline/shared/order';
import { apiSend } from '../../../lib/api-client.ts';
import { orderKeys, tradeKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

/** POST /api/admin/orders/{id}/bank-payments (admin): money received by bank transfer; the last of it pays the order. */
const recordBankPayment = ({ orderId, payment }: { orderId: string; payment: BankPayment }) =>
  apiSend<Order>('POST', `/admin/orders/${encodeURIComponent(orderId)}/bank-payments`, payment);

// The order's open sum, its company's and, once paid, the orders' lists all change.
export const useRecordBankPayment = () => useRefreshingMutation(recordBankPayment, [tradeKeys.all, orderKeys.all]);
