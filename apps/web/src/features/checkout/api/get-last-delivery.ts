import { useQuery } from '@tanstack/react-query';
import type { Order } from '@voltline/shared/order';
import type { Profile } from '@voltline/shared/profile';
import { apiPage, apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/** What the checkout starts with for a returning customer; a field the shop does not know is absent. */
export interface LastDelivery {
  phone?: string;
  deliveryName?: string;
  deliveryStreet?: string;
  deliveryPostcode?: string;
  deliveryCity?: string;
  country?: string;
}

/**
 * The phone and address of the customer's latest order (GET /api/purchased?limit=1, newest first),
 * else the phone of their profile (GET /api/user). An order placed with the address as one text has
 * no fields to fill: only its phone is taken.
 */
async function getLastDelivery(email: string): Promise<LastDelivery> {
  const [{ items }, profile] = await Promise.all([
    apiPage<Order>('/purchased?limit=1'),
    apiRequest<Profile>(`/user?${new URLSearchParams({ email })}`).catch(() => null),
  ]);
  const [last] = items;
  const phone = last?.phone || profile?.phone || undefined;
  if (!last?.deliveryName || !last.deliveryStreet || !last.deliveryPostcode || !last.deliveryCity || !last.country) return phone ? { phone } : {};
  return { phone, deliveryName: last.deliveryName, deliveryStreet: last.deliveryStreet, deliveryPostcode: last.deliveryPostcode, deliveryCity: last.deliveryCity, country: last.country };
}

export function useLastDelivery(email: string) {
  return useQuery({ queryKey: orderKeys.lastDelivery(), queryFn: () => getLastDelivery(email) });
}
