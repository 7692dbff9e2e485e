import type { DeliveryPromotion } from '@voltline/shared/delivery-settings';
import { DEFAULT_DELIVERY_PERCENT_OFF, formatShortDate } from '@voltline/shared/shop-constants';

export interface BannerSlide {
  heading: string;
  text: string;
  img: string;
  alt: string;
}

const img = '/images/banner/discount.svg';

/**
 * The banner's third slide says what is true (issue 29): the spec's words while the promotion is
 * its 10%, the percent that applies when an admin changed it, and no slide once it has ended.
 */
export function deliveryPromotionSlide(promotion: DeliveryPromotion | undefined): BannerSlide | undefined {
  if (!promotion?.active) return undefined;
  const { percentOff, until } = promotion;
  const ending = until ? ` until ${formatShortDate(until)}` : '';
  if (percentOff === DEFAULT_DELIVERY_PERCENT_OFF) {
    return {
      heading: '10% discount on delivery charge',
      text: `Save 10% on the delivery charge of every order you place with us${ending}.`,
      img,
      alt: 'Delivery discount of ten percent',
    };
  }
  return {
    heading: `${percentOff}% discount on delivery charge`,
    text: `Save ${percentOff}% on the delivery charge of every order you place with us${ending}.`,
    img,
    alt: `Delivery discount of ${percentOff} percent`,
  };
}

/**
 * "Why choose Voltline"'s claim about the promotion says what is true, as the banner does (issue 43):
 * the spec's words while it is 10 % without an end, the percent that applies and until when once an
 * admin changed it, and no claim while it is off (or not known yet).
 */
export function deliveryPromotionReason(promotion: DeliveryPromotion | undefined): { title: string; text: string } | undefined {
  if (!promotion?.active) return undefined;
  const { percentOff, until } = promotion;
  const ending = until ? ` until ${formatShortDate(until)}` : '';
  return {
    title: `${percentOff}% discount on delivery charge`,
    text: `Every order ships with ${percentOff}% off the delivery charge, wherever you are${ending}.`,
  };
}
