-- Issue 36: the delivery address as fields (name or company, street, postcode, city) beside the
-- spec's one-text address, which the shop composes from them; their country is the pricing's, the one
-- VAT and the delivery charge come from. Null, all four, for orders placed before and for addresses
-- given as one text: those keep their address as it is.
ALTER TABLE "orders" ADD COLUMN "delivery_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_street" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_postcode" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_address_whole" CHECK (num_nulls("orders"."delivery_name", "orders"."delivery_street", "orders"."delivery_postcode", "orders"."delivery_city") in (0, 4) and ("orders"."delivery_name" is null or "orders"."pricing" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_name_length" CHECK (char_length("delivery_name") <= 80);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_street_length" CHECK (char_length("delivery_street") <= 100);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_postcode_length" CHECK (char_length("delivery_postcode") <= 12);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_city_length" CHECK (char_length("delivery_city") <= 50);