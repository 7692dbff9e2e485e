import type { z } from 'zod';
import { countryName } from './country-names.ts';
import { isCountryCode } from './delivery-settings.ts';
import { normalisePostcode, postcodeExample } from './postcodes.ts';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/*
 * The delivery address as fields (issue 36): the order's `country` (which decides VAT and the
 * delivery charge) is the address's country, and the postcode must be one of that country's. The
 * spec's `address` string is composed from the fields; the spec's client may still send `address`
 * alone, and the order is then delivered to its `country` (or the shop's) as before.
 */

/** A required line of an address (delivery or billing), trimmed, within its limit. */
export const addressLine = (label: string, max: number) =>
  text()
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLongMessage(label, max));

const FIELD_LABELS = {
  deliveryName: 'Name or company',
  deliveryStreet: 'Street and number',
  deliveryPostcode: 'Postcode',
  deliveryCity: 'City',
} as const;
type DeliveryField = keyof typeof FIELD_LABELS;
const DELIVERY_FIELDS = Object.keys(FIELD_LABELS) as DeliveryField[];

/** The address's fields besides its country (the request's `country`), each optional to the schema: deliveryAddressRule says which are required. */
export const deliveryAddressShape = {
  deliveryName: addressLine(FIELD_LABELS.deliveryName, TEXT_LIMITS.personName).optional(),
  deliveryStreet: addressLine(FIELD_LABELS.deliveryStreet, TEXT_LIMITS.street).optional(),
  deliveryPostcode: addressLine(FIELD_LABELS.deliveryPostcode, TEXT_LIMITS.postcode).optional(),
  deliveryCity: addressLine(FIELD_LABELS.deliveryCity, TEXT_LIMITS.city).optional(),
};

/** A delivery address as the shop keeps it: the four fields and the ISO code of its country. */
export interface DeliveryAddress {
  deliveryName: string;
  deliveryStreet: string;
  deliveryPostcode: string;
  deliveryCity: string;
  country: string;
}

const deliveryAddressMessages = {
  addressRequired: 'Address is required',
  bothForms: 'Give the delivery address as its fields (deliveryName, deliveryStreet, deliveryPostcode, deliveryCity) or as one address, not both',
  countryRequired: 'Choose the country to deliver to: it is the country of the address',
  postcode: (country: string) => `A postcode in ${countryName(country)} is written like ${postcodeExample(country)}`,
};

type AddressRequest = Partial<Record<DeliveryField | 'address' | 'country', unknown>>;

/**
 * The request's delivery address: its fields, all four, or the spec's `address` alone; with the
 * fields, a country (the address's) and a postcode written as that country writes them. Runs even
 * when other fields are refused, so a form shows every message at once.
 */
export const deliveryAddressRule = <Schema extends z.ZodType<AddressRequest>>(schema: Schema) =>
  schema.superRefine(
    (request, context) => {
      const given = DELIVERY_FIELDS.filter((field) => request[field] !== undefined);
      if (given.length === 0) {
        if (request.address === undefined) context.addIssue({ code: 'custom', path: ['address'], message: deliveryAddressMessages.addressRequired });
        return;
      }
      for (const field of DELIVERY_FIELDS) {
        if (request[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: `${FIELD_LABELS[field]} is required` });
      }
      if (request.address !== undefined) context.addIssue({ code: 'custom', path: ['address'], message: deliveryAddressMessages.bothForms });
      if (request.country === undefined) {
        // A schema that requires the country has said so already.
        if (!context.issues.some((issue) => issue.path?.[0] === 'country')) {
          context.addIssue({ code: 'custom', path: ['country'], message: deliveryAddressMessages.countryRequired });
        }
        return;
      }
      const { country, deliveryPostcode: postcode } = request;
      if (typeof country !== 'string' || typeof postcode !== 'string' || !isCountryCode(country.trim().toUpperCase())) return;
      const code = country.trim().toUpperCase();
      // A postcode its own field refused (empty, too long, not text) is not compared with a format.
      const refused = context.issues.some((issue) => issue.path?.[0] === 'deliveryPostcode');
      if (!refused && normalisePostcode(code, postcode) === undefined) {
        context.addIssue({ code: 'custom', path: ['deliveryPostcode'], message: deliveryAddressMessages.postcode(code) });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

/**
 * The address of a request that passed deliveryAddressRule, its postcode written the country's way,
 * or undefined when the request gave the spec's `address` alone.
 */
function deliveryAddressOf(request: Partial<Record<DeliveryField, string>>, country: string): DeliveryAddress | undefined {
  const { deliveryName, deliveryStreet, deliveryPostcode, deliveryCity } = request;
  if (deliveryName === undefined || deliveryStreet === undefined || deliveryPostcode === undefined || deliveryCity === undefined) return undefined;
  return { deliveryName, deliveryStreet, deliveryPostcode: normalisePostcode(country, deliveryPostcode) ?? deliveryPostcode, deliveryCity, country };
}

/** The address on a label, an invoice, the ship dialog: name, street, postcode and city, country. */
export function deliveryAddressLines(address: DeliveryAddress): string[] {
  return [address.deliveryName, address.deliveryStreet, `${address.deliveryPostcode} ${address.deliveryCity}`, countryName(address.country)];
}

/** The spec's `address` string of a delivery address, on one line: "Name, Street, Postcode City, Country". */
const composedAddress = (address: DeliveryAddress) => deliveryAddressLines(address).join(', ');

/** An order's delivery address when it was given as fields (orders since issue 36), else undefined. */
export function orderDeliveryAddress(order: Partial<Record<DeliveryField, string | null>> & { country: string | null }): DeliveryAddress | undefined {
  const { deliveryName, deliveryStreet, deliveryPostcode, deliveryCity, country } = order;
  if (!deliveryName || !deliveryStreet || !deliveryPostcode || !deliveryCity || !country) return undefined;
  return { deliveryName, deliveryStreet, deliveryPostcode, deliveryCity, country };
}

/**
 * Where a request that passed deliveryAddressRule delivers, in `country`: the spec's `address`
 * (composed from the fields when given) and the fields, if given.
 */
export function orderDestination(
  request: Partial<Record<DeliveryField | 'address', string>>,
  country: string,
): { address: string; delivery: DeliveryAddress | undefined } {
  const delivery = deliveryAddressOf(request, country);
  if (delivery) return { address: composedAddress(delivery), delivery };
  if (request.address === undefined) throw new Error('deliveryAddressRule lets no request without an address through');
  return { address: request.address, delivery: undefined };
}
