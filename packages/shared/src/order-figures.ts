import { z } from 'zod';
import { COUPON_CODE_MAX_LENGTH } from './coupons.ts';
import { isCountryCode } from './delivery-settings.ts';
import { text } from './text.ts';
import { vatIdSchema } from './vat-id-schema.ts';

/*
 * The figures every order carries besides its lines (issue 29, decision 036), in dollars as the API
 * answers money. Orders placed before delivery and VAT came answer their price as subtotal and total.
 */

/** Where the order goes: an ISO 3166-1 code ("de" is DE). */
export const countrySchema = text()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: 'Choose the country to deliver to (an ISO code such as DE or US)' });

/** A coupon code as typed: empty is none; the shop compares codes in upper case. */
const couponCodeField = text()
  .trim()
  .max(COUPON_CODE_MAX_LENGTH, `A coupon code has at most ${COUPON_CODE_MAX_LENGTH} characters`)
  .transform((code) => (code === '' ? undefined : code.toUpperCase()));

/** How an order is priced, besides its tools: the destination, a coupon, the buyer's VAT id. */
export const pricingChoicesShape = {
  country: countrySchema,
  couponCode: couponCodeField.optional(),
  vatId: vatIdSchema.optional(),
};

export const VAT_TREATMENTS = ['domestic', 'reverse-charge', 'export', 'none'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

/** One rate's share of an order: net + vat is the part of the total paid at that rate. */
const vatShareSchema = z.object({ rate: z.number(), net: z.number(), vat: z.number() });
export type VatShareAnswer = z.infer<typeof vatShareSchema>;

/** The figures of an order, in dollars: subtotal - couponDiscount + deliveryCharge - deliveryDiscount + addedVat = total. */
export const orderFiguresShape = {
  subtotal: z.number(),
  deliveryCharge: z.number(),
  deliveryDiscount: z.number(),
  couponDiscount: z.number(),
  /** VAT added on top of the prices (a shop whose prices exclude VAT); 0 when it is in them. */
  addedVat: z.number(),
  total: z.number(),
  vat: z.array(vatShareSchema),
  vatTreatment: z.enum(VAT_TREATMENTS),
};

/** What the treatments mean, for the summary and the invoice. */
export const vatTreatmentWords: Record<VatTreatment, string> = {
  domestic: 'VAT included',
  'reverse-charge': 'Reverse charge: VAT to be accounted for by the buyer',
  export: 'Export outside the EU: no VAT',
  none: 'No VAT charged',
};

