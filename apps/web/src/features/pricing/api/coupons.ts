import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Coupon, CouponChange, CouponInput } from '@voltline/shared/coupons';
import { apiPage, apiRequest, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { pricingKeys } from '../../../lib/query-keys.ts';

const COUPONS_PAGE_SIZE = 20;

/** GET /api/admin/coupons (admin): a page of coupon codes, newest first; `q` finds codes starting with it. */
function getCoupons(q: string | undefined, cursor: string | undefined): Promise<ApiPage<Coupon>> {
  return apiPage<Coupon>(listPath('/admin/coupons', { q, cursor, limit: COUPONS_PAGE_SIZE }));
}

export const couponsQueryOptions = (q: string | undefined) => pagedListOptions(pricingKeys.couponList({ q }), (cursor) => getCoupons(q, cursor));

export function useCoupons(q: string | undefined) {
  return useInfiniteList(couponsQueryOptions(q));
}

/** POST /api/admin/coupons (admin). */
export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coupon: CouponInput) => apiRequest<Coupon>('/admin/coupons', { method: 'POST', body: JSON.stringify(coupon) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingKeys.coupons() }),
  });
}

/** PATCH /api/admin/coupons/{id} (admin): disable or enable, change limits or dates. */
export function useChangeCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ couponId, change }: { couponId: string; change: CouponChange }) =>
      apiRequest<Coupon>(`/admin/coupons/${encodeURIComponent(couponId)}`, { method: 'PATCH', body: JSON.stringify(change) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingKeys.coupons() }),
  });
}
