-- Issue 36 (decision 039): a use of a limited coupon taken by an unpaid order is held only until
-- held_until (COUPON_HOLD_MINUTES after placing); paying makes it a paid use (held_until null), and
-- coupons.uses counts paid uses only, holds being counted from their rows. Uses of unpaid, live orders
-- placed before become holds from when their order was placed (30 minutes, the default), so those
-- older than that lapse at once; every coupon's count is then its paid uses.
ALTER TABLE "coupon_uses" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "coupon_uses_holds_idx" ON "coupon_uses" USING btree ("coupon_id","held_until") WHERE "coupon_uses"."held_until" is not null;--> statement-breakpoint
UPDATE "coupon_uses" SET "held_until" = "orders"."created_at" + interval '30 minutes'
FROM "orders"
WHERE "orders"."pricing"->>'couponUseId' = "coupon_uses"."id"::text AND "orders"."status" = 'unpaid' AND "orders"."cancelled_at" IS NULL;--> statement-breakpoint
UPDATE "coupons" SET "uses" = (SELECT count(*) FROM "coupon_uses" WHERE "coupon_uses"."coupon_id" = "coupons"."id" AND "coupon_uses"."held_until" IS NULL);
