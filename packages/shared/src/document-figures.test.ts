import { describe, expect, it } from 'vitest';
import { creditNoteFigures, invoiceFigures } from './document-figures.ts';
import { quoteOrder, type StoredPricing } from './pricing.ts';

const now = new Date('2026-11-25T12:00:00Z');

/** A German shop's order of a 19 % drill and two 7 % manuals, delivered at home for $4.90 less 10 %. */
function pricedOrder(pricesIncludeVat: boolean): StoredPricing {
  const quote = quoteOrder({
    lines: [
      { unitPriceCents: 10_000, quantity: 1, vatRate: null },
      { unitPriceCents: 1_999, quantity: 2, vatRate: 7 },
    ],
    vatSettings: { shopCountry: 'DE', standardRate: 19, pricesIncludeVat },
    country: 'DE',
    delivery: { chargeCents: 490, freeFromCents: 15_000 },
    deliveryPromotion: { percentOff: 10, active: true, until: null },
    coupon: { percentOff: 5 },
    buyerVatId: null,
    now,
  });
  return { country: 'DE', couponCode: 'SAVE5', couponUseId: null, vatId: null, quote };
}
const placedLines = [
  { product: 'Drill', quantity: 1, unitPriceCents: 10_000, lineTotalCents: 10_000 },
  { product: 'Manual', quantity: 2, unitPriceCents: 1_999, lineTotalCents: 3_998 },
];

describe('document figures (art. 226)', () => {
  it("copies the quote's lines by name, their unit price without VAT, discounts, the delivery as a line and VAT per rate", () => {
    const pricing = pricedOrder(true);
    const figures = invoiceFigures(pricing, placedLines, pricing.quote.total);
    expect(figures.lines.map((line) => [line.product, line.quantity, line.unitNet, line.vatRate])).toEqual([
      ['Drill', 1, 8_403, 19],
      ['Manual', 2, 1_868, 7],
    ]);
    expect(figures.lines.every((line) => line.discount > 0)).toBe(true);
    expect(figures.delivery).toMatchObject({ charge: 490, discount: 49, vatRate: 19, unitNet: 412 });
    expect(figures.vat).toEqual(pricing.quote.vat);
    expect(figures.vat.reduce((sum, share) => sum + share.net + share.vat, 0)).toBe(figures.total);
    // Prices without VAT in them: the unit price is the price.
    const onTop = pricedOrder(false);
    expect(invoiceFigures(onTop, placedLines, onTop.quote.total).lines.map((line) => line.unitNet)).toEqual([10_000, 1_999]);
  });

  it('prints an order placed before pricing as it paid: its price, rate 0, no VAT, no delivery line', () => {
    const figures = invoiceFigures(null, placedLines, 13_998);
    expect(figures).toMatchObject({ vatTreatment: 'none', delivery: null, vat: [{ rate: 0, net: 13_998, vat: 0 }], total: 13_998 });
    expect(figures.lines.map((line) => [line.unitNet, line.net, line.vat])).toEqual([
      [10_000, 10_000, 0],
      [1_999, 3_998, 0],
    ]);
  });

  it('reverses each rate in proportion to a refund, adding up to it to the cent, and all of it for a full refund', () => {
    const pricing = pricedOrder(true);
    const invoice = invoiceFigures(pricing, placedLines, pricing.quote.total);
    for (const amount of [1, 2, 3, 333, 1_001, Math.floor(invoice.total / 3), invoice.total - 1]) {
      const credited = creditNoteFigures(invoice, amount);
      expect(credited.total).toBe(amount);
      expect(credited.vat.reduce((sum, share) => sum + share.net + share.vat, 0)).toBe(amount);
      for (const [index, share] of credited.vat.entries()) {
        const exact = ((invoice.vat[index]!.net + invoice.vat[index]!.vat) * amount) / invoice.total;
        expect(Math.abs(share.net + share.vat - exact)).toBeLessThan(2);
        // The VAT itself in proportion too, not the rate's whole VAT with its net taking up the difference.
        expect(Math.abs(share.vat - (invoice.vat[index]!.vat * amount) / invoice.total)).toBeLessThan(1);
        expect(share.rate).toBe(invoice.vat[index]!.rate);
      }
    }
    expect(creditNoteFigures(invoice, invoice.total).vat).toEqual(invoice.vat);
  });
});
