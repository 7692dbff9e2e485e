import { z } from 'zod';
import { amountInputSchema } from './amount-input.ts';
import { PAYMENT_MAXIMUM } from './shop-constants.ts';
import { shopMoment } from './shop-dates.ts';
import { text } from './text.ts';
import { wholeNumberSchema } from './whole-number.ts';

/** A code people type from a flyer or a mail: letters, digits, - and _, kept in upper case. */
export const COUPON_CODE_MAX_LENGTH = 32;
const COUPON_CODE_PATTERN = /^[A-Z0-9_-]+$/;
/** As many uses as a count column holds; anything higher means "no limit", which is leaving it out. */
const USES_MAX = 1_000_000_000;

/** The code as the shop keeps and compares it: "summer10" and "SUMMER10 " are the same coupon. */
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

const couponCodeSchema = text()
  .trim()
  .toUpperCase()
  .min(3, 'Code must be at least 3 characters')
  .max(COUPON_CODE_MAX_LENGTH, `Code can be at most ${COUPON_CODE_MAX_LENGTH} characters`)
  .regex(COUPON_CODE_PATTERN, 'Code can hold letters, digits, - and _ only');

const dateTime = (label: string) => shopMoment(label).nullable().optional();

/** The limits and dates of a coupon, which an admin may change later (PATCH); the code and its amount stay. */
const couponLimitsShape = {
  maxUses: wholeNumberSchema('Most uses', { min: 1, max: USES_MAX }).nullable().optional(),
  maxUsesPerCustomer: wholeNumberSchema('Most uses per customer', { min: 1, max: USES_MAX }).nullable().optional(),
  /** The goods' subtotal an order needs before the code applies. */
  minSubtotal: amountInputSchema('Minimum subtotal', { min: 0.01, max: PAYMENT_MAXIMUM }).nullable().optional(),
  validFrom: dateTime('Valid from'),
  validUntil: dateTime('Valid until'),
};

const datesInOrder = (coupon: { validFrom?: string | null; validUntil?: string | null }) =>
  !coupon.validFrom || !coupon.validUntil || Date.parse(coupon.validFrom) < Date.parse(coupon.validUntil);
const DATES_OUT_OF_ORDER = { message: 'Valid until must be later than valid from', path: ['validUntil'] };

/** POST /api/admin/coupons: a percent off the goods or an amount off them, exactly one of the two. */
export const couponInputSchema = z
  .object({
    code: couponCodeSchema,
    percentOff: wholeNumberSchema('Percent off', { min: 1, max: 100 }).nullable().optional(),
    amountOff: amountInputSchema('Amount off', { min: 0.01, max: PAYMENT_MAXIMUM }).nullable().optional(),
    ...couponLimitsShape,
  })
  .refine((coupon) => (coupon.percentOff == null) !== (coupon.amountOff == null), {
    message: 'A coupon takes either a percent off or an amount off: give exactly one of the two',
    path: ['percentOff'],
  })
  .refine(datesInOrder, DATES_OUT_OF_ORDER);
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponLimits = Pick<CouponInput, keyof typeof couponLimitsShape>;

/** PATCH /api/admin/coupons/{id}: switch it off or on, change its limits or dates; null removes a limit. */
export const couponChangeSchema = z
  .object({
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
    ...couponLimitsShape,
    // Printed on flyers and in mails: a different code or amount is a new coupon.
    code: z.never({ error: "A coupon's code cannot change: create a new coupon instead" }).optional(),
    percentOff: z.never({ error: "A coupon's discount cannot change: create a new coupon instead" }).optional(),
    amountOff: z.never({ error: "A coupon's discount cannot change: create a new coupon instead" }).optional(),
  })
  .strict()
  .refine(datesInOrder, DATES_OUT_OF_ORDER);
export type CouponChange = z.input<typeof couponChangeSchema>;

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOff: z.number().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  minSubtotal: z.number().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  disabled: z.boolean(),
  /** Uses paid for, and those held by unpaid orders whose hold has not lapsed (decision 039). */
  uses: z.number().int(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

/**
 * Why a code does not apply, in the buyer's words (decision 039). A code a customer has never used
 * is refused in one and the same words whatever the reason (unknown, switched off, not yet or no
 * longer valid, used up), so a guessed code is not confirmed to exist; a customer who has used a
 * code is told why it no longer applies.
 */
export const couponMessages = {
  cannotBeUsed: 'This code cannot be used.',
  disabled: (code: string) => `The code ${code} is no longer offered`,
  notYetValid: (code: string) => `The code ${code} is not valid yet`,
  expired: (code: string) => `The code ${code} has expired`,
  belowMinimum: (code: string, minimum: string) => `The code ${code} applies to orders from ${minimum}`,
  usedUp: (code: string) => `The code ${code} has been used as often as it may be`,
  usedUpForYou: (code: string) => `You have used the code ${code} as often as it may be used`,
  heldByYou: (code: string) => `An unpaid order of yours already uses the code ${code}: pay for it or cancel it first`,
  /** At payment: the order's hold on the code lapsed and other customers used its last uses meanwhile. */
  holdLapsed: (code: string) =>
    `This order's hold on the code ${code} ended before it was paid, and the code has been used up since, so it can no longer be paid at its discounted price. Cancel it and order again.`,
  tooManyWrongCodes: (wait: string) => `Too many codes that cannot be used were tried. Try again in ${wait}.`,
} as const;
