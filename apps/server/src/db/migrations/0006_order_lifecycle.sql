ALTER TABLE "orders" DROP CONSTRAINT "orders_cancelled_only_unpaid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "promised_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_refunded_created_id_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."refunded_amount" > 0;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_only_unpaid_or_refunded" CHECK ("orders"."cancelled_at" is null or "orders"."status" in ('unpaid', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_within_total" CHECK ("orders"."refunded_amount" between 0 and "orders"."price");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_in_full" CHECK ("orders"."status" <> 'refunded' or "orders"."refunded_amount" = "orders"."price");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_promised_not_negative" CHECK ("tools"."promised_quantity" >= 0);--> statement-breakpoint
-- Units already sold: paid, unshipped, live orders hold their units from now on (it may exceed the stock of a shop that oversold before).
UPDATE "tools" SET "promised_quantity" = promised."units"
FROM (
  SELECT "tool_id", sum("quantity")::int AS "units" FROM "orders"
  WHERE "status" = 'paid' AND "delivery" = 'pending' AND "cancelled_at" IS NULL AND "tool_id" IS NOT NULL
  GROUP BY "tool_id"
) AS promised
WHERE "tools"."id" = promised."tool_id";
