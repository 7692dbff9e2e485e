import { describe, expect, it } from 'vitest';
import { placeOrderSchema, purchaseFormSchema } from './order.ts';
import { profileInfoUpdateSchema } from './profile.ts';

describe('one phone rule for the profile, the purchase form and the API', () => {
  const form = purchaseFormSchema({ minimumOrderQuantity: 1, availableQuantity: 10 });
  const verdicts = (phone: string) => ({
    profile: profileInfoUpdateSchema.safeParse({ phone }).success,
    purchaseForm: form.safeParse({ quantity: 1, phone, deliveryName: 'Depot', deliveryStreet: '1 Circuit Road', deliveryPostcode: '94105', deliveryCity: 'San Francisco', country: 'US' }).success,
    api: placeOrderSchema.safeParse({ toolId: 'x', quantity: 1, phone, address: 'Depot 1' }).success,
  });

  it('takes an international number with a plus and spaces everywhere', () => {
    expect(verdicts('+44 20 7946 0958')).toEqual({ profile: true, purchaseForm: true, api: true });
    expect(verdicts('+1 (555) 010-0199')).toEqual({ profile: true, purchaseForm: true, api: true });
  });

  it('refuses words, a lone plus and a number past the limit everywhere', () => {
    for (const phone of ['call me', '+', '1'.repeat(31)]) {
      expect(verdicts(phone), phone).toEqual({ profile: false, purchaseForm: false, api: false });
    }
  });
});
