-- Issue 29, money in integer cents (decision 035): every amount the shop keeps becomes cents, so a
-- unit price may carry cents (19.95) and lines, delivery, discounts and VAT add up to the cent. Each
-- column is renamed with its unit (price -> price_cents) and multiplied by 100 in place; the checks
-- and indexes on them follow the rename. The index that holds the revenue's amounts is dropped for
-- the update and made again after it, rather than updated row by row.
DROP INDEX IF EXISTS "orders_paid_at_revenue_idx";--> statement-breakpoint
ALTER TABLE "tools" RENAME COLUMN "price" TO "price_cents";--> statement-breakpoint
UPDATE "tools" SET "price_cents" = "price_cents" * 100;--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "unit_price" TO "unit_price_cents";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "price" TO "price_cents";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "refunded_amount" TO "refunded_cents";--> statement-breakpoint
UPDATE "orders" SET "unit_price_cents" = "unit_price_cents" * 100, "price_cents" = "price_cents" * 100, "refunded_cents" = "refunded_cents" * 100;--> statement-breakpoint
ALTER TABLE "order_lines" RENAME COLUMN "unit_price" TO "unit_price_cents";--> statement-breakpoint
ALTER TABLE "order_lines" RENAME COLUMN "line_total" TO "line_total_cents";--> statement-breakpoint
UPDATE "order_lines" SET "unit_price_cents" = "unit_price_cents" * 100, "line_total_cents" = "line_total_cents" * 100;--> statement-breakpoint
ALTER TABLE "invoices" RENAME COLUMN "unit_price" TO "unit_price_cents";--> statement-breakpoint
ALTER TABLE "invoices" RENAME COLUMN "total" TO "total_cents";--> statement-breakpoint
UPDATE "invoices" SET "unit_price_cents" = "unit_price_cents" * 100, "total_cents" = "total_cents" * 100;--> statement-breakpoint
ALTER TABLE "credit_notes" RENAME COLUMN "unit_price" TO "unit_price_cents";--> statement-breakpoint
ALTER TABLE "credit_notes" RENAME COLUMN "total" TO "total_cents";--> statement-breakpoint
ALTER TABLE "credit_notes" RENAME COLUMN "amount" TO "amount_cents";--> statement-breakpoint
ALTER TABLE "credit_notes" RENAME COLUMN "refunded_so_far" TO "refunded_so_far_cents";--> statement-breakpoint
UPDATE "credit_notes" SET "unit_price_cents" = "unit_price_cents" * 100, "total_cents" = "total_cents" * 100, "amount_cents" = "amount_cents" * 100, "refunded_so_far_cents" = "refunded_so_far_cents" * 100;--> statement-breakpoint
ALTER TABLE "cart_lines" RENAME COLUMN "added_unit_price" TO "added_unit_price_cents";--> statement-breakpoint
UPDATE "cart_lines" SET "added_unit_price_cents" = "added_unit_price_cents" * 100;--> statement-breakpoint
CREATE INDEX "orders_paid_at_revenue_idx" ON "orders" USING btree ("paid_at","price_cents","refunded_cents") WHERE "orders"."paid_at" is not null;
