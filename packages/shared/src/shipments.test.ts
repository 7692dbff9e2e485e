import { describe, expect, it } from 'vitest';
import { carrierInputSchema, shipmentMessages, trackingUrlOf, warrantyUntil } from './shipments.ts';

describe('warranty until', () => {
  it('adds whole months to the shipment day, ending on the last day of a shorter month', () => {
    expect(warrantyUntil(new Date('2026-11-27T15:00:00Z'), 24)).toBe('2028-11-27');
    expect(warrantyUntil(new Date('2026-01-31T10:00:00Z'), 1)).toBe('2026-02-28');
    expect(warrantyUntil(new Date('2027-08-31T10:00:00Z'), 6)).toBe('2028-02-29');
    expect(warrantyUntil(new Date('2026-11-27T23:59:00Z'), 0)).toBe('2026-11-27');
  });
});

describe('carriers', () => {
  it('take an https tracking address with {tracking}, and put the number there encoded', () => {
    const dhl = { name: 'DHL', trackingUrlTemplate: 'https://www.dhl.de/de/privatkunden.html?piececode={tracking}' };
    expect(carrierInputSchema.safeParse(dhl).success).toBe(true);
    const refusal = (template: string) => carrierInputSchema.safeParse({ name: 'X', trackingUrlTemplate: template }).error?.issues[0]?.message;
    expect(refusal('http://track.example/{tracking}')).toBe(shipmentMessages.templateNotHttps);
    expect(refusal('javascript:alert(1)//{tracking}')).toBe(shipmentMessages.templateNotHttps);
    expect(refusal('https://track.example/')).toBe(shipmentMessages.templateWithoutPlaceholder);
    expect(trackingUrlOf(dhl.trackingUrlTemplate, 'JJD 1/2')).toBe('https://www.dhl.de/de/privatkunden.html?piececode=JJD%201%2F2');
  });
});
