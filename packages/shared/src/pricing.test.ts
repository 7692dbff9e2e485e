import { describe, expect, it } from 'vitest';
import { amountToCharge, quoteOrder, type QuoteRequest } from './pricing.ts';

const now = new Date('2026-11-25T12:00:00Z');
/** A German shop, prices with VAT in them, nothing for delivery unless a test says so. */
const germanShop = { shopCountry: 'DE', standardRate: 19, pricesIncludeVat: true };

function quote(overrides: Partial<QuoteRequest>) {
  return quoteOrder({
    lines: [],
    vatSettings: germanShop,
    country: 'DE',
    delivery: { chargeCents: 0, freeFromCents: null },
    deliveryPromotion: null,
    coupon: null,
    buyerVatId: null,
    now,
    ...overrides,
  });
}

describe('the anchors get it wrong, the shop does not', () => {
  it('takes a 10% coupon off exactly, to the cent (vendure#3003: 1,110.85 for 1,110.92)', () => {
    const order = quote({ lines: [{ unitPriceCents: 30_859, quantity: 4, vatRate: null }], coupon: { percentOff: 10 } });
    expect(order.subtotal).toBe(123_436);
    expect(order.couponDiscount).toBe(12_344);
    expect(order.total).toBe(111_092);
    expect(order.lines[0].discount).toBe(12_344);
  });

  it('adds 20% to 10 x 31.86 as 382.32 (vendure#2662 showed 382.30)', () => {
    const order = quote({
      vatSettings: { shopCountry: 'GB', standardRate: 20, pricesIncludeVat: false },
      country: 'GB',
      lines: [{ unitPriceCents: 3186, quantity: 10, vatRate: null }],
    });
    expect(order.subtotal).toBe(31_860);
    expect(order.vat).toEqual([{ rate: 20, net: 31_860, vat: 6372 }]);
    expect(order.addedVat).toBe(6372);
    expect(order.total).toBe(38_232);
  });

  it('rounds VAT once per rate, and the gateway charges what the rates add up to (medusa#14818)', () => {
    // Each 0.10 line holds 1.597 cents of VAT: rounded per line that is 6 cents, on the rate's 0.30 it is 5.
    const line = { unitPriceCents: 10, quantity: 1, vatRate: null };
    const order = quote({ lines: [line, line, line] });
    expect(order.vat).toEqual([{ rate: 19, net: 25, vat: 5 }]);
    expect(order.lines.map((quoted) => quoted.vat)).toEqual([2, 2, 1]);
    expect(order.lines.reduce((sum, quoted) => sum + quoted.net + quoted.vat, 0)).toBe(30);
    expect(amountToCharge(order)).toBe(30);
  });

  it('never makes delivery negative, whatever else is taken off (vendure#3140)', () => {
    const everythingOff = quote({
      lines: [{ unitPriceCents: 5000, quantity: 1, vatRate: null }],
      delivery: { chargeCents: 490, freeFromCents: null },
      deliveryPromotion: { percentOff: 100, active: true, until: null },
      coupon: { amountOffCents: 100_000 },
    });
    expect(everythingOff).toMatchObject({ couponDiscount: 5000, deliveryCharge: 490, deliveryDiscount: 490, total: 0 });
    expect(everythingOff.delivery).toEqual({ vatRate: 19, net: 0, vat: 0 });
    // Delivery already free from 50.00: the banner's 10% takes nothing off nothing.
    const freeAlready = quote({
      lines: [{ unitPriceCents: 5000, quantity: 1, vatRate: null }],
      delivery: { chargeCents: 490, freeFromCents: 5000 },
      deliveryPromotion: { percentOff: 10, active: true, until: null },
    });
    expect(freeAlready).toMatchObject({ deliveryCharge: 0, deliveryDiscount: 0, total: 5000 });
    expect(() => quote({ deliveryPromotion: { percentOff: 110, active: true, until: null } })).toThrow(RangeError);
  });

  it('rounds, never truncates (Sylius#14522)', () => {
    // 25% of 19.99 is 4.9975: 5.00 off, not 4.99.
    expect(quote({ lines: [{ unitPriceCents: 1999, quantity: 1, vatRate: null }], coupon: { percentOff: 25 } }).total).toBe(1499);
    // 25% VAT on 1.99 is 0.4975: 0.50, not 0.49.
    const onTop = quote({
      vatSettings: { shopCountry: 'SE', standardRate: 25, pricesIncludeVat: false },
      country: 'SE',
      lines: [{ unitPriceCents: 199, quantity: 1, vatRate: null }],
    });
    expect(onTop.vat).toEqual([{ rate: 25, net: 199, vat: 50 }]);
  });
});

describe('a quote', () => {
  it('shows VAT per rate, the coupon lowering each rate in proportion', () => {
    const order = quote({
      lines: [
        { unitPriceCents: 11_900, quantity: 1, vatRate: null },
        { unitPriceCents: 1070, quantity: 3, vatRate: 7 },
      ],
      coupon: { amountOffCents: 1000 },
      delivery: { chargeCents: 490, freeFromCents: null },
    });
    expect(order.subtotal).toBe(15_110);
    // 1000 over 11,900 and 3,210: 787.558... and 212.441..., so 788 and 212. At 19 %: 111.12 of goods
    // and 4.90 of delivery hold 18.524 of VAT: 18.52, of which the delivery's share is 0.78.
    expect(order.lines.map((line) => line.discount)).toEqual([788, 212]);
    expect(order.vat).toEqual([
      { rate: 7, net: 2802, vat: 196 },
      { rate: 19, net: 9750, vat: 1852 },
    ]);
    expect(order.delivery).toEqual({ vatRate: 19, net: 412, vat: 78 });
    expect(order.total).toBe(14_600);
    expect(order.vat.reduce((sum, share) => sum + share.net + share.vat, 0)).toBe(order.total);
  });

  it("spreads the coupon over a rate's lines to the cent by largest remainder, the odd cent to the largest fraction", () => {
    // 1.00 off 10.01 + 10.00 + 10.00: exact shares 33.355..., 33.322..., 33.322... cents. Rounding each
    // line gives 99 cents; the last line taking what is left gives it the cent the first line is owed.
    const order = quote({
      lines: [
        { unitPriceCents: 1001, quantity: 1, vatRate: null },
        { unitPriceCents: 1000, quantity: 1, vatRate: null },
        { unitPriceCents: 500, quantity: 2, vatRate: null },
      ],
      coupon: { amountOffCents: 100 },
    });
    expect(order.lines.map((line) => line.discount)).toEqual([34, 33, 33]);
    expect(order.couponDiscount).toBe(100);
  });

  it('charges a consumer in another member state the shop\'s VAT', () => {
    const order = quote({ country: 'FR', lines: [{ unitPriceCents: 11_900, quantity: 1, vatRate: null }] });
    expect(order.vatTreatment).toBe('domestic');
    expect(order.vat).toEqual([{ rate: 19, net: 10_000, vat: 1900 }]);
  });

  it('lets an EU business in another member state pay the price net of VAT (reverse charge)', () => {
    const order = quote({
      country: 'FR',
      buyerVatId: 'FR40303265045',
      lines: [{ unitPriceCents: 11_900, quantity: 2, vatRate: null }],
      delivery: { chargeCents: 595, freeFromCents: null },
    });
    expect(order).toMatchObject({ vatTreatment: 'reverse-charge', subtotal: 20_000, deliveryCharge: 500, addedVat: 0, total: 20_500 });
    expect(order.lines[0]).toMatchObject({ unitPrice: 10_000, vatRate: 0, net: 20_000, vat: 0 });
    expect(order.vat).toEqual([{ rate: 0, net: 20_500, vat: 0 }]);
  });

  it('charges VAT to a business with a VAT id of the shop\'s own state, or whose goods stay in it', () => {
    const line = { unitPriceCents: 11_900, quantity: 1, vatRate: null };
    expect(quote({ country: 'FR', buyerVatId: 'DE113866163', lines: [line] }).vatTreatment).toBe('domestic');
    expect(quote({ country: 'DE', buyerVatId: 'FR40303265045', lines: [line] }).vatTreatment).toBe('domestic');
  });

  it('charges VAT to a buyer whose VAT id fails its check digits, however it got here (issue 36)', () => {
    const line = { unitPriceCents: 11_900, quantity: 1, vatRate: null };
    for (const buyerVatId of ['FR45732829320', 'BE0123456750']) {
      expect(quote({ country: 'FR', buyerVatId, lines: [line] })).toMatchObject({ vatTreatment: 'domestic', total: 11_900 });
    }
  });

  it('sends an export out of the EU without VAT, at prices net of it', () => {
    const order = quote({ country: 'US', lines: [{ unitPriceCents: 1070, quantity: 1, vatRate: 7 }] });
    expect(order).toMatchObject({ vatTreatment: 'export', subtotal: 1000, total: 1000, vat: [{ rate: 0, net: 1000, vat: 0 }] });
    // Prices without VAT in them are what an export pays as they are.
    const onTop = quote({ country: 'CH', vatSettings: { ...germanShop, pricesIncludeVat: false }, lines: [{ unitPriceCents: 1000, quantity: 1, vatRate: null }] });
    expect(onTop).toMatchObject({ vatTreatment: 'export', total: 1000, addedVat: 0 });
  });

  it('charges no VAT when the shop charges none (standard rate 0), keeping its prices', () => {
    const order = quote({
      vatSettings: { shopCountry: 'US', standardRate: 0, pricesIncludeVat: true },
      country: 'DE',
      lines: [{ unitPriceCents: 4500, quantity: 2, vatRate: 7 }],
    });
    expect(order).toMatchObject({ vatTreatment: 'none', total: 9000, vat: [{ rate: 0, net: 9000, vat: 0 }] });
  });

  it('charges a shop outside the EU its own VAT at home only: every other country, EU or not, is an export', () => {
    // A British shop, prices with its 20 % in them, delivery 5.00.
    const britishShop = { vatSettings: { shopCountry: 'GB', standardRate: 20, pricesIncludeVat: true }, lines: [{ unitPriceCents: 12_000, quantity: 1, vatRate: null }], delivery: { chargeCents: 500, freeFromCents: null } };
    expect(quote({ ...britishShop, country: 'GB' })).toMatchObject({ vatTreatment: 'domestic', total: 12_500, vat: [{ rate: 20, net: 10_417, vat: 2083 }] });
    // A consumer in the EU, or a business with an EU VAT id: no reverse charge, the goods leave the shop's country.
    for (const [country, buyerVatId] of [['FR', null], ['FR', 'FRXX123456789'], ['DE', null], ['US', null]] as const) {
      expect(quote({ ...britishShop, country, buyerVatId }), `${country} ${buyerVatId}`).toMatchObject({
        vatTreatment: 'export',
        subtotal: 10_000,
        deliveryCharge: 417,
        total: 10_417,
        vat: [{ rate: 0, net: 10_417, vat: 0 }],
      });
    }
    // The same shop configured to charge no VAT (rate 0): none, at home and abroad, at its prices.
    for (const country of ['GB', 'FR', 'US']) {
      expect(quote({ ...britishShop, vatSettings: { ...britishShop.vatSettings, standardRate: 0 }, country }), country).toMatchObject({
        vatTreatment: 'none',
        total: 12_500,
        vat: [{ rate: 0, net: 12_500, vat: 0 }],
      });
    }
  });

  it('makes delivery free from the subtotal at listed prices, whatever the coupon or the treatment', () => {
    const request = {
      lines: [{ unitPriceCents: 15_000, quantity: 1, vatRate: null }],
      delivery: { chargeCents: 490, freeFromCents: 15_000 },
      coupon: { percentOff: 10 },
    };
    expect(quote(request).deliveryCharge).toBe(0);
    expect(quote({ ...request, country: 'US' })).toMatchObject({ subtotal: 12_605, deliveryCharge: 0 });
    expect(quote({ ...request, delivery: { chargeCents: 490, freeFromCents: 15_001 } }).deliveryCharge).toBe(490);
  });

  it('runs the delivery promotion only while it is active and not over', () => {
    const request = { lines: [{ unitPriceCents: 1000, quantity: 1, vatRate: null }], delivery: { chargeCents: 495, freeFromCents: null } };
    const promotion = { percentOff: 10, active: true, until: new Date('2026-12-01T00:00:00Z') };
    expect(quote({ ...request, deliveryPromotion: promotion }).deliveryDiscount).toBe(50);
    expect(quote({ ...request, deliveryPromotion: { ...promotion, active: false } }).deliveryDiscount).toBe(0);
    expect(quote({ ...request, deliveryPromotion: { ...promotion, until: now } }).deliveryDiscount).toBe(0);
  });

  it('takes nothing off for a coupon whose minimum the goods do not reach, and says so', () => {
    const request = { lines: [{ unitPriceCents: 4999, quantity: 1, vatRate: null }] };
    expect(quote({ ...request, coupon: { amountOffCents: 500, minSubtotalCents: 5000 } })).toMatchObject({
      couponBelowMinimum: true,
      couponDiscount: 0,
      total: 4999,
    });
    expect(quote({ ...request, coupon: { amountOffCents: 500, minSubtotalCents: 4999 } })).toMatchObject({
      couponBelowMinimum: false,
      couponDiscount: 500,
    });
  });
});
