import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryPromotion } from '@voltline/shared/delivery-settings';
import { apiRequest } from '../../../lib/api-client.ts';
import { pricingKeys } from '../../../lib/query-keys.ts';

/** GET /api/delivery-promotion: the promotion as it applies now, for the banner. */
export const currentDeliveryPromotionQueryOptions = queryOptions({
  queryKey: pricingKeys.currentPromotion(),
  queryFn: () => apiRequest<DeliveryPromotion>('/delivery-promotion'),
});

export const useCurrentDeliveryPromotion = () => useQuery(currentDeliveryPromotionQueryOptions);
