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
  /** Uses taken by orders and not given back. */
  uses: z.number().int(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
