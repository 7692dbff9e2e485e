import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryPromotion, DeliveryPromotionInput } from '@voltline/shared/delivery-settings';
import { apiRequest, apiSend } from '../../../lib/api-client.ts';
import { pricingKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

/** GET /api/admin/delivery-promotion (admin): the promotion as set, to edit. */
export const deliveryPromotionQueryOptions = queryOptions({
  queryKey: pricingKeys.promotion(),
  queryFn: () => apiRequest<DeliveryPromotion>('/admin/delivery-promotion'),
});

export const useDeliveryPromotionSetting = () => useQuery(deliveryPromotionQueryOptions);

/** PUT /api/admin/delivery-promotion (admin); the banner's promotion is read again too. */
export const useSaveDeliveryPromotion = () =>
  useRefreshingMutation((promotion: DeliveryPromotionInput) => apiSend<DeliveryPromotion>('PUT', '/admin/delivery-promotion', promotion), [pricingKeys.promotion()]);
