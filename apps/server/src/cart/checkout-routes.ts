import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutQuoteRequestSchema, checkoutQuoteSchema, checkoutRequestSchema } from '@voltline/shared/checkout';
import { insertedSchema } from '@voltline/shared/order';
import type { RouteLimit, WrongCouponCodeLimit } from '../http/rate-limits.ts';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { CheckoutService } from './checkout-service.ts';

/** The caller's checkout (issues 28 and 29): a quote of what the order would cost, and the order. Signed-in users only. */
export function checkoutRoutes(
  checkout: CheckoutService,
  guards: CallerGuards,
  limits: { quote: RouteLimit; checkout: RouteLimit; wrongCouponCodes: WrongCouponCodeLimit },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/checkout/quote',
      {
        onRequest: guards.requireUser,
        config: limits.quote,
        schema: {
          tags: ['cart'],
          summary:
            "What the caller's cart (or the `lines` given: the purchase page's one tool) would cost delivered to `country`, with `couponCode` and `vatId`: subtotal, delivery, its discount, the coupon's, VAT per rate and the total. A reverse charge needs a VAT id (the one given, else the caller's approved business account's) checked with VIES within VAT_CHECK_MAX_AGE_DAYS or confirmed by an admin; otherwise VAT is charged and `vatIdNote` says why. 409 for an empty cart or one with a line that cannot be ordered; 422 in words for an unusable coupon (coupon_unavailable, one message for every code the caller has not used; a code they used says why: coupon_expired, coupon_used_up, ...) or a country the shop does not deliver to, 400 for a malformed VAT id or country code; 429 with Retry-After past WRONG_COUPON_CODES_PER_HOUR codes that cannot be used, per account and per client address. Signed-in users.",
          body: checkoutQuoteRequestSchema,
          response: { 200: checkoutQuoteSchema },
        },
      },
      (request) => limits.wrongCouponCodes(request, request.body.couponCode, () => checkout.quote(callerOf(request).userId, request.body)),
    );

    app.post(
      '/checkout',
      {
        onRequest: guards.requireUser,
        config: limits.checkout,
        schema: {
          tags: ['cart'],
          summary:
            "The caller's cart becomes one unpaid order of every line, priced as the quote prices it and delivered in `country` to the address's fields (deliveryName, deliveryStreet, deliveryPostcode, deliveryCity; the postcode must fit the country's format, 400 in words) or to `address`, one text; the cart is empty afterwards. Refused in words as the quote is (its coupon codes counted as the quote's), when a line's units can no longer be ordered or the total is past one card payment (422), and when the cart changed while checking out (409). Pay it as any order (create-payment-intent); or, with `paymentMethod: account`, an approved business with payment terms has it invoiced at once and its units reserved, due after its net days (409 without terms, 422 in words past its credit limit). `purchaseOrderNumber` (up to 35 characters) is printed on the invoice. Signed-in users.",
          body: checkoutRequestSchema,
          response: { 200: insertedSchema },
        },
      },
      (request) => limits.wrongCouponCodes(request, request.body.couponCode, () => checkout.checkout(callerOf(request), request.body)),
    );
  };
}
