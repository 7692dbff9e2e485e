import { and, count, eq, sql } from 'drizzle-orm';
import { normaliseCouponCode } from '@voltline/shared/coupons';
import { formatCents } from '@voltline/shared/money';
import type { DbExecutor } from '../db/client.ts';
import { couponUses, coupons } from '../db/schema.ts';
import { AppError } from '../platform/app-error.ts';
import type { CouponRow } from './coupons-service.ts';

/** The use checkout took: what to take off, and what to give back should the order not be paid. */
export interface TakenCouponUse {
  useId: string;
  couponId: string;
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
}

/** Why a code does not apply, in words a buyer understands; `code` lets a client tell them apart. */
const refusal = (code: string, message: string) => new AppError('invalid_data', message, code);

const disabled = (code: string) => refusal('coupon_disabled', `The code ${code} is no longer offered`);
const usedUp = (code: string) => refusal('coupon_used_up', `The code ${code} has been used as often as it may be`);
const usedUpForYou = (code: string) => refusal('coupon_used_up_for_you', `You have used the code ${code} as often as it may be used`);

/** The refusal for a coupon that cannot be used at `now` for this subtotal, before uses are counted. */
function refusalBeforeUses(coupon: CouponRow, subtotalCents: number, now: Date): AppError | undefined {
  if (coupon.disabled) return disabled(coupon.code);
  if (coupon.validFrom && now < coupon.validFrom) return refusal('coupon_not_yet_valid', `The code ${coupon.code} is not valid yet`);
  if (coupon.validUntil && now >= coupon.validUntil) return refusal('coupon_expired', `The code ${coupon.code} has expired`);
  if (coupon.minSubtotalCents !== null && subtotalCents < coupon.minSubtotalCents) {
    return refusal('coupon_below_minimum', `The code ${coupon.code} applies to orders from ${formatCents(coupon.minSubtotalCents)}`);
  }
  return undefined;
}

/**
 * Whether the code would apply to a customer's order now, without taking a use (the checkout's
 * quote): refused in the same words as taking it. Racing checkouts are decided when it is taken.
 */
export async function checkCouponUse(tx: DbExecutor, code: string, customerId: string, subtotalCents: number, now: Date = new Date()) {
  const normalised = normaliseCouponCode(code);
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, normalised));
  if (!coupon) throw refusal('coupon_unknown', `There is no coupon with the code ${normalised.slice(0, 40)}`);
  const early = refusalBeforeUses(coupon, subtotalCents, now);
  if (early) throw early;
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) throw usedUp(coupon.code);
  if (coupon.maxUsesPerCustomer !== null) {
    const [mine] = await tx
      .select({ uses: count() })
      .from(couponUses)
      .where(and(eq(couponUses.couponId, coupon.id), eq(couponUses.customerId, customerId)));
    if ((mine?.uses ?? 0) >= coupon.maxUsesPerCustomer) throw usedUpForYou(coupon.code);
  }
  return { code: coupon.code, percentOff: coupon.percentOff, amountOffCents: coupon.amountOffCents };
}

/**
 * Takes one use of a code for a customer's order, inside the checkout's transaction, or refuses in
 * words saying why. The use is taken by a conditional update (`uses < max_uses`), so however many
 * checkouts race, no more uses are taken than allowed; the update also locks the coupon's row until
 * the transaction ends, so the customer's own uses, counted after it, cannot race either.
 */
export async function takeCouponUse(
  tx: DbExecutor,
  code: string,
  customerId: string,
  subtotalCents: number,
  now: Date = new Date(),
): Promise<TakenCouponUse> {
  const normalised = normaliseCouponCode(code);
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, normalised));
  if (!coupon) throw refusal('coupon_unknown', `There is no coupon with the code ${normalised.slice(0, 40)}`);
  const early = refusalBeforeUses(coupon, subtotalCents, now);
  if (early) throw early;

  const [taken] = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.id, coupon.id), eq(coupons.disabled, false), sql`(${coupons.maxUses} is null or ${coupons.uses} < ${coupons.maxUses})`))
    .returning();
  if (!taken) {
    // Disabled or used up by someone else in the meantime: say which.
    const [current] = await tx.select({ disabled: coupons.disabled }).from(coupons).where(eq(coupons.id, coupon.id));
    throw current?.disabled ? disabled(coupon.code) : usedUp(coupon.code);
  }

  if (taken.maxUsesPerCustomer !== null) {
    const [mine] = await tx
      .select({ uses: count() })
      .from(couponUses)
      .where(and(eq(couponUses.couponId, taken.id), eq(couponUses.customerId, customerId)));
    if ((mine?.uses ?? 0) >= taken.maxUsesPerCustomer) {
      // The use taken above goes back, whether or not the caller's transaction is rolled back.
      await tx.update(coupons).set({ uses: sql`${coupons.uses} - 1` }).where(eq(coupons.id, taken.id));
      throw usedUpForYou(taken.code);
    }
  }

  const [use] = await tx.insert(couponUses).values({ couponId: taken.id, customerId }).returning({ id: couponUses.id });
  return { useId: use!.id, couponId: taken.id, code: taken.code, percentOff: taken.percentOff, amountOffCents: taken.amountOffCents };
}

/**
 * Gives a use back (its unpaid order was cancelled or expired), in that change's transaction: the
 * use is deleted and the coupon's count lowered, once however often it is called.
 */
export async function giveBackCouponUse(tx: DbExecutor, useId: string): Promise<boolean> {
  const [given] = await tx.delete(couponUses).where(eq(couponUses.id, useId)).returning({ couponId: couponUses.couponId });
  if (!given) return false;
  await tx.update(coupons).set({ uses: sql`${coupons.uses} - 1` }).where(eq(coupons.id, given.couponId));
  return true;
}
