-- Issue 40: a tool's SKU and EAN/GTIN, both optional and unique when given (partial unique indexes;
-- a SKU whatever its case). The SKU's index is text_pattern_ops so a search's SKU prefix reads it too.
ALTER TABLE "tools" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "gtin" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tools_sku_unique_idx" ON "tools" USING btree (lower("sku") text_pattern_ops) WHERE "tools"."sku" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tools_gtin_unique_idx" ON "tools" USING btree ("gtin") WHERE "tools"."gtin" is not null;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_sku_length" CHECK (char_length("sku") <= 64);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_gtin_length" CHECK (char_length("gtin") <= 14);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_gtin_digits" CHECK ("tools"."gtin" ~ '^([0-9]{8}|[0-9]{12,14})$');