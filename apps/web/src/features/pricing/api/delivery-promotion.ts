import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryPromotion, DeliveryPromotionInput } from '@voltline/shared/delivery-settings';
import { apiRequest } from '../../../lib/api-client.ts';
import { pricingKeys } from '../../../lib/query-keys.ts';

/** GET /api/admin/delivery-promotion (admin): the promotion as set, to edit. */
export const deliveryPromotionQueryOptions = queryOptions({
  queryKey: pricingKeys.promotion(),
  queryFn: () => apiRequest<DeliveryPromotion>('/admin/delivery-promotion'),
});

export const useDeliveryPromotionSetting = () => useQuery(deliveryPromotionQueryOptions);

/** PUT /api/admin/delivery-promotion (admin); the banner's promotion is read again too. */
export function useSaveDeliveryPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promotion: DeliveryPromotionInput) =>
      apiRequest<DeliveryPromotion>('/admin/delivery-promotion', { method: 'PUT', body: JSON.stringify(promotion) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingKeys.promotion() }),
  });
}
