import { eq, sql } from 'drizzle-orm';
import { fromCents, toCents } from '@voltline/shared/money';
import type { Coupon, CouponChange, CouponInput, CouponLimits } from '@voltline/shared/coupons';
import { entityIdSchema } from '@voltline/shared/id';
import type { PageQuery } from '@voltline/shared/paging';
import type { Database } from '../db/client.ts';
import { couponUses, coupons } from '../db/schema.ts';
import type { Caller } from '../identity/caller.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { likePattern, mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';

export type CouponRow = typeof coupons.$inferSelect;

const orNull = <T, R>(value: T | null | undefined, map: (present: T) => R): R | null => (value == null ? null : map(value));

/** `held`: the live holds of unpaid orders, counted with the uses paid for (decision 039). */
const toCouponDto = (row: CouponRow, held = 0): Coupon => ({
  _id: row.id,
  code: row.code,
  percentOff: row.percentOff,
  amountOff: orNull(row.amountOffCents, fromCents),
  maxUses: row.maxUses,
  maxUsesPerCustomer: row.maxUsesPerCustomer,
  minSubtotal: orNull(row.minSubtotalCents, fromCents),
  validFrom: row.validFrom?.toISOString() ?? null,
  validUntil: row.validUntil?.toISOString() ?? null,
  disabled: row.disabled,
  uses: row.uses + held,
  createdAt: row.createdAt.toISOString(),
});

/** The limits and dates as columns: only those the request names (PATCH leaves the others alone). */
function limitColumns(input: CouponLimits) {
  const date = (value: string | null | undefined) => (value === undefined ? undefined : orNull(value, (text) => new Date(text)));
  return {
    maxUses: input.maxUses,
    maxUsesPerCustomer: input.maxUsesPerCustomer,
    minSubtotalCents: input.minSubtotal === undefined ? undefined : orNull(input.minSubtotal, toCents),
    validFrom: date(input.validFrom),
    validUntil: date(input.validUntil),
  };
}

/** The holds of unpaid orders not lapsed yet, per coupon: a column of the admins' list. */
const liveHolds = sql<number>`(select count(*)::int from ${couponUses} u where u.coupon_id = ${coupons}.id and u.held_until > now())`;

const newestFirst: KeysetOrder = { key: coupons.createdAt, keyType: 'timestamptz', id: coupons.id, idType: 'uuid', direction: 'desc' };

/** Admins create, list and change coupon codes (taking and giving back uses: coupon-uses.ts). */
export function createCouponsService(db: Database, paging: Paging) {
  return {
    async create(admin: Caller, input: CouponInput): Promise<Coupon> {
      // A code taken already is no row inserted: no error to pick apart, and nothing half-written.
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(coupons)
          .values({
            code: input.code,
            percentOff: input.percentOff ?? null,
            amountOffCents: orNull(input.amountOff, toCents),
            ...limitColumns(input),
            createdBy: admin.email,
          })
          .onConflictDoNothing({ target: coupons.code })
          .returning();
        if (!row) throw new AppError('conflict', `A coupon with the code ${input.code} exists already`);
        const coupon = toCouponDto(row);
        await recordAudit(tx, { actor: admin, kind: 'coupon', action: 'created', subject: row.id, before: null, after: coupon });
        return coupon;
      });
    },

    /** Newest first, a page at a time; `q` finds the codes that start with it, in any case. */
    async list(query: PageQuery): Promise<Page<Coupon>> {
      const page = paging.page({ list: 'coupons', order: newestFirst, scope: { q: query.q }, query });
      // Codes are upper case; the pattern index serves the prefix (likePattern escapes % and _).
      const search = query.q === undefined ? undefined : sql`${coupons.code} like ${likePattern(query.q, 'prefix').toUpperCase()}`;
      const select = db.select({ coupon: coupons, held: liveHolds, cursorKey: page.cursorKey }).from(coupons).$dynamic();
      return mapPage(await page.read(select, search, (row) => row.coupon.id), (row) => toCouponDto(row.coupon, row.held));
    },

    /** Disable or enable it, change its limits or dates; its code and amount stay as printed. */
    async change(admin: Caller, couponId: string, input: CouponChange): Promise<Coupon> {
      const id = entityIdSchema.safeParse(couponId);
      if (!id.success) throw notFound('Coupon not found');
      return db.transaction(async (tx) => {
        const [found] = await tx.select({ current: coupons, held: liveHolds }).from(coupons).where(eq(coupons.id, id.data)).for('update');
        if (!found) throw notFound('Coupon not found');
        const { current, held } = found;
        const changes = { ...withoutUndefined(limitColumns(input)), ...(input.disabled === undefined ? {} : { disabled: input.disabled }) };
        // The dates the request leaves alone count too: a new end before the stored start is refused.
        const { validFrom, validUntil } = { ...current, ...changes };
        if (validFrom && validUntil && validFrom >= validUntil) throw new AppError('bad_request', 'Valid until must be later than valid from');
        // A request that names nothing changes nothing (an UPDATE needs at least one column).
        if (Object.keys(changes).length === 0) return toCouponDto(current, held);
        const [row] = await tx.update(coupons).set(changes).where(eq(coupons.id, current.id)).returning();
        const coupon = toCouponDto(row!, held);
        await recordAudit(tx, { actor: admin, kind: 'coupon', action: 'changed', subject: current.id, before: toCouponDto(current, held), after: coupon });
        return coupon;
      });
    },
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
