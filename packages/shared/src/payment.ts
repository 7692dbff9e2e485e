import { z } from 'zod';
import { formatMoneyUngrouped } from './money.ts';
import { PAYMENT_MAXIMUM } from './shop-constants.ts';
import { text } from './text.ts';

const PAYMENT_PROVIDERS = ['builtin', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The spec's words, "Stripe payment cannot exceed $999999.99", in the shop's currency (no thousands separator, as the spec writes it). */
export const paymentLimitMessage = () => `Stripe payment cannot exceed ${formatMoneyUngrouped(PAYMENT_MAXIMUM)}`;

/** GET /payments/config: which card form the payment page shows. */
export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** POST /create-payment-intent: the order decides the amount; `price` is the spec's and ignored. */
export const createPaymentIntentSchema = z.object({
  orderId: text().max(100),
  price: z.unknown().optional(),
});
export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** What the card will be charged: the order's `price`, in dollars with two decimals (issue 28). */
  amount: z.number(),
});

/** The built-in test gateway's card form, checked as a card form should be. */
export const cardSchema = z.object({
  number: text()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[0-9]{12,19}$/, 'Your card number is incomplete.'))
    .refine(passesLuhn, 'Your card number is invalid.'),
  expiry: text()
    .trim()
    .regex(/^(0[1-9]|1[0-2]) ?\/ ?([0-9]{2})$/, "Your card's expiration date is incomplete.")
    .refine(isNotInThePast, "Your card's expiration year is in the past."),
  cvc: text().trim().regex(/^[0-9]{3,4}$/, "Your card's security code is incomplete."),
  postalCode: text().trim().min(3, 'Your postal code is incomplete.').max(10, 'Your postal code is invalid.'),
});
export type Card = z.input<typeof cardSchema>;

export const builtinConfirmSchema = z.object({ clientSecret: text().max(200), card: cardSchema });
export type BuiltinCardPayment = z.infer<typeof builtinConfirmSchema>;
export const builtinConfirmResponseSchema = z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() });

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function isNotInThePast(expiry: string, now = new Date()): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  const fullYear = 2000 + (year ?? 0);
  return fullYear > now.getFullYear() || (fullYear === now.getFullYear() && (month ?? 0) >= now.getMonth() + 1);
}
