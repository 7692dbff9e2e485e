-- Issue 29 (decision 036): an order keeps how it was priced at checkout (destination, coupon, VAT id and
-- every figure in cents; null for orders placed before, whose price is their total), and a tool may
-- carry its own VAT rate in hundredths of a percent (null: the shop's standard rate). Both are new
-- nullable columns: no row is rewritten, so a million-order shop migrates at once.
ALTER TABLE "orders" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "vat_rate_hundredths" integer;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_vat_rate_percent" CHECK ("tools"."vat_rate_hundredths" between 0 and 10000);