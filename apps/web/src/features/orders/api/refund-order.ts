import type { z } from 'zod';
import type { RefundOrder, refundAnswerSchema } from '@voltline/shared/order';
import { apiSend } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { orderKeys, toolKeys } from '../../../lib/query-keys.ts';

type RefundAnswer = z.infer<typeof refundAnswerSchema>;

/**
 * POST /api/adminPurchased/{id}/refund (admin): gives back whole dollars of a paid order (all that
 * is left when no amount is sent), through the gateway that took the payment; 409 in words otherwise.
 */
const refundOrder = ({ orderId, refund }: { orderId: string; refund: RefundOrder }) =>
  apiSend<RefundAnswer>('POST', `/adminPurchased/${encodeURIComponent(orderId)}/refund`, refund);

/**
 * Also after a refusal: a 409 may mean another admin refunded it meanwhile, so the lists are stale.
 * Every order list (the refunded filter, the buyer's My Orders), the order's history and the
 * overview's revenue sit under orders; a full refund before shipping frees the promised units,
 * which changes what every tool list offers.
 */
export const useRefundOrder = () => useRefreshingMutation(refundOrder, [orderKeys.all, toolKeys.all], { evenWhenRefused: true });
