import type { z } from 'zod';
import type { acknowledgedSchema } from '@voltline/shared/profile';
import { apiSend } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { orderKeys, toolKeys } from '../../../lib/query-keys.ts';

type Acknowledged = z.infer<typeof acknowledgedSchema>;

/** PATCH /api/deliverConfirm/{id}: ships a paid, pending order and lowers the tool's stock, or 409. */
const shipOrder = (orderId: string) =>
  // product.md, "What the shop says": this call is exempt from signing out on 401/403; the dialog shows the refusal instead.
  apiSend<Acknowledged>('PATCH', `/deliverConfirm/${encodeURIComponent(orderId)}`, { delivery: 'shipped' }, { signOutOnAuthFailure: false });

/**
 * Also after a refusal: a 409 may mean another admin shipped it meanwhile, so the lists are stale.
 * Every order list, the order's history and the overview's low-stock list (all under orders), and,
 * as shipping lowers stock, every tool list.
 */
export const useShipOrder = () => useRefreshingMutation(shipOrder, [orderKeys.all, toolKeys.all], { evenWhenRefused: true });
