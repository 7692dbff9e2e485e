import { z } from 'zod';
import { amountInputSchema } from './amount-input.ts';
import { PAYMENT_MAXIMUM } from './shop-constants.ts';
import { shopMoment } from './shop-dates.ts';
import { text } from './text.ts';
import { formatCount } from './validation-messages.ts';
import { wholeNumberSchema } from './whole-number.ts';

/**
 * ISO 3166-1 alpha-2: the 249 officially assigned codes. A list of its own rather than the
 * runtime's region names (Intl.DisplayNames), which also know EU, UN, XK and ZZ and differ between
 * a browser's and the server's ICU data: the form and the API must accept exactly the same codes.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ ' +
  'BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR ' +
  'CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
  'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ ' +
  'LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
  'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF ' +
  'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI ' +
  'SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR ' +
  'TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const countryCodes = new Set(COUNTRY_CODES);

/** The rate of every country without one of its own. */
export const REST_OF_WORLD = '*';
/** More rates than there are countries (249 and the rest of the world) is a mistake, not a shop. */
const DELIVERY_RATES_MAX = 300;
/** A delivery charge, or the subtotal from which delivery is free, as high as a card payment goes. */
const DELIVERY_AMOUNT_MAX = PAYMENT_MAXIMUM;

export const isCountryCode = (code: string) => countryCodes.has(code);

/** A country's ISO code (upper case as typed or not: "de" is DE) or * for the rest of the world. */
const destinationSchema = text()
  .trim()
  .toUpperCase()
  .refine((code) => code === REST_OF_WORLD || isCountryCode(code), {
    error: (issue) =>
      issue.input === ''
        ? 'Choose the country of each rate'
        : `Country "${String(issue.input).slice(0, 10)}" is not an ISO 3166-1 country code (such as DE or US) nor * for the rest of the world`,
  });

const deliveryRateInputSchema = z.object({
  country: destinationSchema,
  charge: amountInputSchema('Delivery charge', { min: 0, max: DELIVERY_AMOUNT_MAX }),
  /** From this subtotal of the goods, delivery to that country is free; absent or null: never free. */
  freeFrom: amountInputSchema('Free delivery from', { min: 0.01, max: DELIVERY_AMOUNT_MAX }).nullable().optional(),
});

/** PUT /api/admin/delivery-rates: the whole table, which replaces the one before. */
export const deliveryRatesInputSchema = z.object({
  rates: z
    .array(deliveryRateInputSchema)
    .max(DELIVERY_RATES_MAX, `Delivery rates can have at most ${formatCount(DELIVERY_RATES_MAX)} countries`)
    .superRefine((rates, context) => {
      const seen = new Set<string>();
      for (const [index, rate] of rates.entries()) {
        if (seen.has(rate.country)) {
          const name = rate.country === REST_OF_WORLD ? 'the rest of the world (*)' : rate.country;
          context.addIssue({ code: 'custom', path: [index, 'country'], message: `Delivery rates name ${name} twice: one rate per country` });
        }
        seen.add(rate.country);
      }
      if (!seen.has(REST_OF_WORLD)) {
        context.addIssue({ code: 'custom', message: 'Delivery rates need a rate for the rest of the world (country *), so every destination has a charge' });
      }
    }),
});
export type DeliveryRatesInput = z.input<typeof deliveryRatesInputSchema>;

const deliveryRateSchema = z.object({
  country: z.string(),
  charge: z.number(),
  freeFrom: z.number().nullable(),
});
export const deliveryRatesSchema = z.object({ rates: z.array(deliveryRateSchema) });
export type DeliveryRates = z.infer<typeof deliveryRatesSchema>;


/** PUT /api/admin/delivery-promotion. `until`: the moment it ends by itself; null or absent, it runs until ended. */
export const deliveryPromotionInputSchema = z.object({
  percentOff: wholeNumberSchema('Percent off', { min: 1, max: 100 }),
  active: z.boolean({ error: 'active must be true or false' }),
  until: shopMoment('Until').nullable().optional(),
});
export type DeliveryPromotionInput = z.input<typeof deliveryPromotionInputSchema>;

/**
 * The promotion as admins set it (GET /api/admin/delivery-promotion) and as visitors see it
 * (GET /api/delivery-promotion, the home page's banner), where `active` says whether it applies
 * now: switched off, or past its `until`, it reads as inactive.
 */
export const deliveryPromotionSchema = z.object({
  percentOff: z.number().int(),
  active: z.boolean(),
  until: z.string().nullable(),
});
export type DeliveryPromotion = z.infer<typeof deliveryPromotionSchema>;

/** Whether a promotion takes its percent off the delivery charge at `now`. */
export const promotionApplies = (promotion: DeliveryPromotion, now: Date) =>
  promotion.active && (promotion.until === null || Date.parse(promotion.until) > now.getTime());
