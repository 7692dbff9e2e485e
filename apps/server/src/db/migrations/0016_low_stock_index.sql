-- The overview names the tools furthest below their minimum and counts them all: both read only
-- the low ones, from this index, however large the catalogue grows.
CREATE INDEX "tools_low_stock_idx" ON "tools" USING btree (("minimum_order_quantity" - "available_quantity") desc,"tool_name","id") WHERE "tools"."available_quantity" < "tools"."minimum_order_quantity";