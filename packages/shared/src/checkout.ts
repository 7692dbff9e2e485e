import { z } from 'zod';
import { entityIdSchema } from './id.ts';
import { paymentChoiceShape } from './on-account.ts';
import { deliveryAddressRule, deliveryAddressShape } from './delivery-address.ts';
import { addressSchema, phoneField, quantityField } from './order.ts';
import { orderFiguresShape, pricingChoicesShape } from './order-figures.ts';
import { PAYMENT_MAXIMUM } from './shop-constants.ts';

/*
 * What a checkout asks and what its quote answers (issues 28 and 29, decision 036). The quote's
 * figures come from packages/shared/src/pricing.ts's quoteOrder, in dollars with two decimals as
 * the API answers money; an order keeps them and every order answer carries them.
 */

/** A tool and its units, for quoting a one-tool purchase (the spec's purchase page) instead of the cart. */
const quotedLineSchema = z.object({ toolId: entityIdSchema, quantity: quantityField });

/** POST /api/checkout/quote: the caller's cart, or the lines given (the purchase page's one tool). */
export const checkoutQuoteRequestSchema = z.object({
  ...pricingChoicesShape,
  lines: z.array(quotedLineSchema).min(1).max(50).optional(),
});
export type CheckoutQuoteRequest = z.input<typeof checkoutQuoteRequestSchema>;

/**
 * POST /api/checkout: the caller's cart becomes one unpaid order delivered there: to the address's
 * fields in `country` (the checkout form), or to an `address` of one text in `country`.
 */
export const checkoutRequestSchema = deliveryAddressRule(
  z.object({
    ...pricingChoicesShape,
    phone: phoneField,
    address: addressSchema.optional(),
    ...deliveryAddressShape,
    // Paying on account and the purchase order number (issue 39, decision 060).
    ...paymentChoiceShape,

    quotedTotal: z
      .number()
      .min(0)
      .max(PAYMENT_MAXIMUM)
      .optional()
      .describe('The total of the quote the buyer saw: a checkout that would now charge another total (a price list or price edited since) is refused in words, never charged.'),
  }),
);
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const checkoutQuoteSchema = z.object({
  ...orderFiguresShape,
  vatId: z.string().nullable().describe("The VAT id the order would carry: the one given, else the caller's approved business account's."),
  priceGroup: z.string().describe('The customer group the caller is priced in (retail, trade, or one of the shop\'s own).'),
  vatIdNote: z.string().nullable().describe('Why VAT is charged although a VAT id was given (not registered in VIES, VIES unavailable, its check too old), in words; null otherwise.'),
  /** The lines as priced (unit prices net of VAT for an export or a reverse charge when prices include VAT). */
  lines: z.array(z.object({ toolId: z.string(), product: z.string(), quantity: z.number().int(), unitPrice: z.number(), lineTotal: z.number() })),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

export const checkoutMessages = {
  emptyCart: 'Your cart is empty: add a tool before checking out.',
  blockedCart: 'Some lines of your cart cannot be ordered as they are: change them before checking out.',
  cartChanged: 'Your cart changed while you were checking out: look at it again, then check out.',
  noDeliveryRate: (country: string) => `The shop does not deliver to ${country}.`,
};
