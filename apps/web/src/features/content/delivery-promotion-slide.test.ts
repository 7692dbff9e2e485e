import { describe, expect, it } from 'vitest';
import { deliveryPromotionSlide } from './delivery-promotion-slide.ts';

describe("the banner's delivery promotion slide", () => {
  it("keeps the spec's words while the promotion is 10% and on", () => {
    expect(deliveryPromotionSlide({ percentOff: 10, active: true, until: null })).toMatchObject({
      heading: '10% discount on delivery charge',
      text: 'Save 10% on the delivery charge of every order you place with us.',
    });
  });

  it('says the percent that applies when it changed, and until when', () => {
    expect(deliveryPromotionSlide({ percentOff: 25, active: true, until: '2026-12-31T12:00:00Z' })).toMatchObject({
      heading: '25% discount on delivery charge',
      text: 'Save 25% on the delivery charge of every order you place with us until Dec 31, 2026.',
      alt: 'Delivery discount of 25 percent',
    });
  });

  it('is left out once the promotion has ended, or while nobody knows yet', () => {
    expect(deliveryPromotionSlide({ percentOff: 10, active: false, until: null })).toBeUndefined();
    expect(deliveryPromotionSlide(undefined)).toBeUndefined();
  });
});
