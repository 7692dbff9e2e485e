import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryRates, DeliveryRatesInput } from '@voltline/shared/delivery-settings';
import { apiRequest } from '../../../lib/api-client.ts';
import { pricingKeys } from '../../../lib/query-keys.ts';

/** GET /api/admin/delivery-rates (admin): the charge per country and for the rest of the world. */
export const deliveryRatesQueryOptions = queryOptions({
  queryKey: pricingKeys.deliveryRates(),
  queryFn: () => apiRequest<DeliveryRates>('/admin/delivery-rates'),
});

export const useDeliveryRates = () => useQuery(deliveryRatesQueryOptions);

/** PUT /api/admin/delivery-rates (admin): the whole table replaces the one before. */
export function useSaveDeliveryRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rates: DeliveryRatesInput) => apiRequest<DeliveryRates>('/admin/delivery-rates', { method: 'PUT', body: JSON.stringify(rates) }),
    onSuccess: (saved) => queryClient.setQueryData(pricingKeys.deliveryRates(), saved),
  });
}
