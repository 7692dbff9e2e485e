import { describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from './checkout.ts';
import { deliveryAddressLines, orderDestination } from './delivery-address.ts';
import { COUNTRY_CODES } from './delivery-settings.ts';
import { placeOrderSchema } from './order.ts';
import { normalisePostcode } from './postcodes.ts';
import { TEXT_LIMITS } from './text-limits.ts';

describe("a postcode, checked by its country's format (issue 36)", () => {
  it.each([
    ['DE', ' 10115 ', '10115'],
    ['NL', '1012ab', '1012 AB'],
    ['NL', '1012 - AB', '1012 AB'],
    ['PL', '00950', '00-950'],
    ['SE', '11455', '114 55'],
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['GB', 'M1  1AE', 'M1 1AE'],
    ['US', '94105', '94105'],
    ['US', '941051804', '94105-1804'],
    ['CA', 'k1a0b1', 'K1A 0B1'],
    ['PT', '1100 148', '1100-148'],
    // No format known: as typed, its spaces tidied, in upper case.
    ['BR', ' 01310-100 ', '01310-100'],
    ['AE', 'po  box 12', 'PO BOX 12'],
  ])('takes %s %j as %j', (country, typed, written) => {
    expect(normalisePostcode(country, typed)).toBe(written);
  });

  it.each([
    ['CH', '10115'],
    ['DE', '8001'],
    ['DE', '1011A'],
    ['NL', '0123 AB'],
    ['GB', 'SW1A'],
    ['US', '9410'],
    ['PL', '00-9500'],
  ])('refuses %s %j', (country, typed) => {
    expect(normalisePostcode(country, typed)).toBeUndefined();
  });
});

describe('the delivery address as fields', () => {
  const longest = {
    deliveryName: 'n'.repeat(TEXT_LIMITS.personName),
    deliveryStreet: 's'.repeat(TEXT_LIMITS.street),
    deliveryPostcode: 'P'.repeat(TEXT_LIMITS.postcode),
    deliveryCity: 'c'.repeat(TEXT_LIMITS.city),
  };

  it("composes an address within the spec's address limit in every country, the longest fields included", () => {
    const formatless = COUNTRY_CODES.filter((country) => normalisePostcode(country, longest.deliveryPostcode) !== undefined);
    expect(formatless.length).toBeGreaterThan(100);
    for (const country of formatless) {
      const { address } = orderDestination(longest, country);
      expect(address.length, country).toBeLessThanOrEqual(TEXT_LIMITS.address);
    }
  });

  it('composes one line, and prints a line each, with the country named', () => {
    const destination = orderDestination({ deliveryName: 'Uhrwerk AG', deliveryStreet: 'Bahnhofstrasse 1', deliveryPostcode: '8001', deliveryCity: 'Zürich' }, 'CH');
    expect(destination.address).toBe('Uhrwerk AG, Bahnhofstrasse 1, 8001 Zürich, Switzerland');
    expect(deliveryAddressLines(destination.delivery!)).toEqual(['Uhrwerk AG', 'Bahnhofstrasse 1', '8001 Zürich', 'Switzerland']);
    // The spec's address alone stays as written.
    expect(orderDestination({ address: '1 Circuit Road' }, 'US')).toEqual({ address: '1 Circuit Road', delivery: undefined });
  });

  it("refuses, on the checkout's and the spec's bodies alike, a postcode that is not the country's, under the postcode", () => {
    const berlinInSwitzerland = { phone: '5550100', country: 'ch', deliveryName: 'Max', deliveryStreet: 'Unter den Linden 1', deliveryPostcode: '10117', deliveryCity: 'Berlin' };
    for (const schema of [checkoutRequestSchema, placeOrderSchema]) {
      const issues = schema.safeParse({ toolId: 'x', quantity: 1, ...berlinInSwitzerland }).error?.issues;
      expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['deliveryPostcode', 'A postcode in Switzerland is written like 8001']]);
    }
  });

  it('says one thing of a postcode its own field refuses, not also that it misses the format', () => {
    const address = { phone: '5550100', country: 'DE', deliveryName: 'Max', deliveryStreet: 'Unter den Linden 1', deliveryCity: 'Berlin' };
    for (const [postcode, message] of [
      ['', 'Postcode is required'],
      ['1'.repeat(TEXT_LIMITS.postcode + 1), `Postcode can be at most ${TEXT_LIMITS.postcode} characters`],
    ]) {
      const issues = checkoutRequestSchema.safeParse({ ...address, deliveryPostcode: postcode }).error?.issues;
      expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['deliveryPostcode', message]]);
    }
  });
});
