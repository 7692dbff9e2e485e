import type { Coupon, CouponChange, CouponInput } from '@voltline/shared/coupons';
import { apiPage, apiSend, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { pricingKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

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
export const useCreateCoupon = () => useRefreshingMutation((coupon: CouponInput) => apiSend<Coupon>('POST', '/admin/coupons', coupon), [pricingKeys.coupons()]);

/** PATCH /api/admin/coupons/{id} (admin): disable or enable, change limits or dates. */
export const useChangeCoupon = () =>
  useRefreshingMutation(
    ({ couponId, change }: { couponId: string; change: CouponChange }) => apiSend<Coupon>('PATCH', `/admin/coupons/${encodeURIComponent(couponId)}`, change),
    [pricingKeys.coupons()],
  );
