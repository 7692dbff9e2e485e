import { z } from 'zod';
import { isCountryCode } from './delivery-settings.ts';
import { isPercentWithTwoDecimals } from './money.ts';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/**
 * How the shop charges VAT, as admins set it on the Tax settings page (issue 43, item 7): its
 * country, its standard rate (0: it charges no VAT, and its documents say the note), and whether
 * the prices entered include it. The environment's SHOP_COUNTRY, SHOP_VAT_RATE,
 * SHOP_PRICES_INCLUDE_VAT and SHOP_VAT_NOTE give a new shop its first values.
 */
export const taxSettingsSchema = z.object({
  country: z.string(),
  /** Percent, two decimals at most. */
  standardRate: z.number(),
  pricesIncludeVat: z.boolean(),
  /** What a document of an order without VAT says instead (copied onto each document at issue). */
  vatNote: z.string(),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

/** PUT /api/admin/tax-settings, and the page's form. */
export const taxSettingsInputSchema = z.object({
  country: text()
    .trim()
    .toUpperCase()
    .refine(isCountryCode, { error: 'Choose the country the shop is in' }),
  standardRate: z
    .union([z.number(), text().max(10)])
    .transform((value, context) => {
      const rate = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.trim());
      if (!isPercentWithTwoDecimals(rate)) {
        context.addIssue({ code: 'custom', message: 'Standard VAT rate must be a percentage from 0 to 100 with at most two decimals (such as 19 or 5.5)' });
        return z.NEVER;
      }
      return rate;
    }),
  pricesIncludeVat: z.boolean({ error: 'Prices include VAT must be true or false' }),
  vatNote: text()
    .trim()
    .min(1, 'The note for orders without VAT is required')
    .max(TEXT_LIMITS.shopLegalName, tooLongMessage('The note for orders without VAT', TEXT_LIMITS.shopLegalName)),
});
export type TaxSettingsChange = z.output<typeof taxSettingsInputSchema>;
export type TaxSettingsInput = z.input<typeof taxSettingsInputSchema>;
