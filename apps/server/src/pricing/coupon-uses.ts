import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { couponMessages, normaliseCouponCode } from '@voltline/shared/coupons';
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

/**
 * The refusal of a code that cannot be used and that the customer may not know: one and the same
 * whatever the reason, so that guessing codes confirms none (decision 039). The wrong-code limit
 * (http/rate-limits.ts) counts these.
 */
export const WRONG_COUPON_CODE = 'coupon_unavailable';
const cannotBeUsed = () => refusal(WRONG_COUPON_CODE, couponMessages.cannotBeUsed);

const usedUp = (code: string) => refusal('coupon_used_up', couponMessages.usedUp(code));

/** The refusal for a coupon that cannot be used at `now` for this subtotal, before uses are counted. */
function refusalBeforeUses(coupon: CouponRow, subtotalCents: number, now: Date): AppError | undefined {
  if (coupon.disabled) return refusal('coupon_disabled', couponMessages.disabled(coupon.code));
  if (coupon.validFrom && now < coupon.validFrom) return refusal('coupon_not_yet_valid', couponMessages.notYetValid(coupon.code));
  if (coupon.validUntil && now >= coupon.validUntil) return refusal('coupon_expired', couponMessages.expired(coupon.code));
  if (coupon.minSubtotalCents !== null && subtotalCents < coupon.minSubtotalCents) {
    return refusal('coupon_below_minimum', couponMessages.belowMinimum(coupon.code, formatCents(coupon.minSubtotalCents)));
  }
  return undefined;
}

/** A use that counts at `now`: paid for, or held by an unpaid order whose hold has not lapsed. */
const countsAt = (now: Date) => or(isNull(couponUses.heldUntil), gt(couponUses.heldUntil, now));

/** Uses of the code that count at `now`: those paid for (the coupon's counter) and the live holds. */
async function usesCounting(tx: DbExecutor, coupon: CouponRow, now: Date): Promise<number> {
  const [holds] = await tx
    .select({ held: count() })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, coupon.id), gt(couponUses.heldUntil, now)));
  return coupon.uses + (holds?.held ?? 0);
}

/** The customer's uses of the code: how many count at `now`, whether one is a live hold, and whether they ever used it. */
async function customersUses(tx: DbExecutor, couponId: string, customerId: string, now: Date) {
  const [mine] = await tx
    .select({
      ever: count(),
      counting: sql<number>`count(*) filter (where ${countsAt(now)})::int`,
      holding: sql<number>`count(*) filter (where ${gt(couponUses.heldUntil, now)})::int`,
    })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), eq(couponUses.customerId, customerId)));
  return { ever: mine?.ever ?? 0, counting: mine?.counting ?? 0, holding: mine?.holding ?? 0 };
}

/** A code with a most uses or a most per customer: its uses are counted, so taking one waits for the others. */
const isLimited = (coupon: CouponRow) => coupon.maxUses !== null || coupon.maxUsesPerCustomer !== null;

/**
 * The coupon a customer may use now for this subtotal, or the refusal in words. `lock`: the coupon's
 * row is locked until the transaction ends (taking a use), so racing checkouts count one after another.
 * A code the customer never used is refused in one and the same words whatever the reason (below
 * the minimum excepted: that code applies to a larger order, as a code that applies would be known).
 */
async function usableCoupon(tx: DbExecutor, code: string, customerId: string, subtotalCents: number, now: Date, lock: boolean): Promise<CouponRow> {
  const byCode = eq(coupons.code, normaliseCouponCode(code));
  const [found] = await tx.select().from(coupons).where(byCode);
  if (!found) throw cannotBeUsed();
  // An unlimited code counts nothing, so checkouts using it need not wait for each other.
  const [coupon] = lock && isLimited(found) ? await tx.select().from(coupons).where(eq(coupons.id, found.id)).for('update') : [found];
  const early = refusalBeforeUses(coupon!, subtotalCents, now);
  const mine = await customersUses(tx, coupon!.id, customerId, now);
  const toldIfKnown = (why: AppError) => (mine.ever > 0 ? why : cannotBeUsed());
  if (early) throw early.code === 'coupon_below_minimum' ? early : toldIfKnown(early);
  if (coupon!.maxUses !== null && mine.holding > 0) throw refusal('coupon_held_by_you', couponMessages.heldByYou(coupon!.code));
  if (coupon!.maxUsesPerCustomer !== null && mine.counting >= coupon!.maxUsesPerCustomer) {
    throw refusal('coupon_used_up_for_you', couponMessages.usedUpForYou(coupon!.code));
  }
  if (coupon!.maxUses !== null && (await usesCounting(tx, coupon!, now)) >= coupon!.maxUses) throw toldIfKnown(usedUp(coupon!.code));
  return coupon!;
}

/**
 * Whether the code would apply to a customer's order now, without taking a use (the checkout's
 * quote): refused in the same words as taking it. Racing checkouts are decided when it is taken.
 */
export async function checkCouponUse(tx: DbExecutor, code: string, customerId: string, subtotalCents: number, now: Date = new Date()) {
  const coupon = await usableCoupon(tx, code, customerId, subtotalCents, now, false);
  return { code: coupon.code, percentOff: coupon.percentOff, amountOffCents: coupon.amountOffCents };
}

/**
 * Takes one use of a code for a customer's order, inside the checkout's transaction, or refuses in
 * words saying why. The use is held until `heldUntil` (the unpaid order's hold: decision 039), then
 * counts against nothing unless its order was paid. A limited code's row is locked while its uses
 * are counted and this one recorded, so however many checkouts race, no more uses are taken than
 * allowed, for everyone and for this customer, and a customer holds at most one use of a code.
 */
export async function takeCouponUse(
  tx: DbExecutor,
  code: string,
  customerId: string,
  subtotalCents: number,
  heldUntil: Date,
  now: Date = new Date(),
): Promise<TakenCouponUse> {
  const coupon = await usableCoupon(tx, code, customerId, subtotalCents, now, true);
  const [use] = await tx.insert(couponUses).values({ couponId: coupon.id, customerId, heldUntil }).returning({ id: couponUses.id });
  return { useId: use!.id, couponId: coupon.id, code: coupon.code, percentOff: coupon.percentOff, amountOffCents: coupon.amountOffCents };
}

/**
 * The refusal of paying an order with this use, or undefined: a live hold (or a use paid already) is
 * the order's to keep; a lapsed one only while the code still has a use free, for everyone and for
 * its customer, as taking one would count. Only the count decides: the order was priced while the
 * code applied, so a code ended or switched off since does not refuse its payment.
 */
async function lapsedHoldRefusal(tx: DbExecutor, use: typeof couponUses.$inferSelect, coupon: CouponRow, now: Date): Promise<AppError | undefined> {
  if (use.heldUntil === null || use.heldUntil > now) return undefined;
  const usedUpNow =
    (coupon.maxUses !== null && (await usesCounting(tx, coupon, now)) >= coupon.maxUses) ||
    (coupon.maxUsesPerCustomer !== null && use.customerId !== null && (await customersUses(tx, coupon.id, use.customerId, now)).counting >= coupon.maxUsesPerCustomer);
  return usedUpNow ? new AppError('conflict', couponMessages.holdLapsed(coupon.code), 'coupon_hold_lapsed') : undefined;
}

async function useAndCoupon(tx: DbExecutor, useId: string, lock: boolean) {
  const [use] = await tx.select().from(couponUses).where(eq(couponUses.id, useId));
  if (!use) return undefined;
  const byId = tx.select().from(coupons).where(eq(coupons.id, use.couponId));
  const [coupon] = lock ? await byId.for('update') : await byId;
  return { use, coupon: coupon! };
}

/** Before the card form: refused in words when paying would be (keepCouponUse), taking nothing. */
export async function checkCouponUseKept(tx: DbExecutor, useId: string, now: Date = new Date()): Promise<void> {
  const found = await useAndCoupon(tx, useId, false);
  const refused = found && (await lapsedHoldRefusal(tx, found.use, found.coupon, now));
  if (refused) throw refused;
}

/**
 * In the payment's transaction: the order's use becomes a paid use, counted on the coupon. A lapsed
 * hold is taken again only if the code still has a use free (the coupon's row locked, as taking
 * counts); otherwise the refusal is returned, and nothing changed: paying never takes a use the code
 * no longer has.
 */
export async function keepCouponUse(tx: DbExecutor, useId: string, now: Date = new Date()): Promise<AppError | undefined> {
  const found = await useAndCoupon(tx, useId, true);
  if (!found || found.use.heldUntil === null) return undefined;
  const refused = await lapsedHoldRefusal(tx, found.use, found.coupon, now);
  if (refused) return refused;
  await tx.update(couponUses).set({ heldUntil: null }).where(eq(couponUses.id, useId));
  await tx.update(coupons).set({ uses: sql`${coupons.uses} + 1` }).where(eq(coupons.id, found.coupon.id));
  return undefined;
}

/**
 * Names the order a use was taken for, in the transaction that places it: the use is taken while
 * the order is priced, before the order has an id. An admin or an accountant finds which orders a
 * code went to, and the use goes with its order (a cancelled order gives it back).
 */
export async function recordCouponUseOrder(tx: DbExecutor, useId: string, orderId: string): Promise<void> {
  await tx.update(couponUses).set({ orderId }).where(eq(couponUses.id, useId));
}

/**
 * Gives a use back (its unpaid order was cancelled, expired or could not be paid), in that change's
 * transaction: the use is deleted, and the coupon's count lowered if it had been paid for, once
 * however often it is called.
 */
export async function giveBackCouponUse(tx: DbExecutor, useId: string): Promise<boolean> {
  const [given] = await tx.delete(couponUses).where(eq(couponUses.id, useId)).returning({ couponId: couponUses.couponId, heldUntil: couponUses.heldUntil });
  if (!given) return false;
  if (given.heldUntil === null) await tx.update(coupons).set({ uses: sql`${coupons.uses} - 1` }).where(eq(coupons.id, given.couponId));
  return true;
}
