-- Issue 29, what an order costs: delivery rates per destination, the banner's delivery promotion and
-- coupon codes with the uses taken of them. The delivery rates of a new shop are added at start
-- (pricing/delivery-settings-service.ts: a home rate for SHOP_COUNTRY and a world rate), as they depend on the
-- configuration; the promotion starts here as the banner promises it: 10% off, on.
CREATE TABLE "coupon_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"customer_id" text,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"min_subtotal_cents" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"disabled" boolean DEFAULT false NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "coupons_code_upper_case" CHECK ("coupons"."code" = upper("coupons"."code")),
	CONSTRAINT "coupons_one_discount" CHECK (("coupons"."percent_off" is null) <> ("coupons"."amount_off_cents" is null)),
	CONSTRAINT "coupons_percent_off" CHECK ("coupons"."percent_off" between 1 and 100),
	CONSTRAINT "coupons_amount_off" CHECK ("coupons"."amount_off_cents" > 0),
	CONSTRAINT "coupons_uses_within_limit" CHECK ("coupons"."uses" >= 0),
	CONSTRAINT "coupons_dates_in_order" CHECK ("coupons"."valid_from" < "coupons"."valid_until"),
	CONSTRAINT "coupons_code_length" CHECK (char_length("code") <= 32),
	CONSTRAINT "coupons_created_by_length" CHECK (char_length("created_by") <= 254)
);
--> statement-breakpoint
CREATE TABLE "delivery_promotion" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"percent_off" integer NOT NULL,
	"active" boolean NOT NULL,
	"until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_promotion_one_row" CHECK ("delivery_promotion"."id"),
	CONSTRAINT "delivery_promotion_percent_off" CHECK ("delivery_promotion"."percent_off" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "delivery_rates" (
	"country" text PRIMARY KEY NOT NULL,
	"charge_cents" integer NOT NULL,
	"free_from_cents" integer,
	CONSTRAINT "delivery_rates_charge_not_negative" CHECK ("delivery_rates"."charge_cents" >= 0),
	CONSTRAINT "delivery_rates_free_from_positive" CHECK ("delivery_rates"."free_from_cents" > 0),
	CONSTRAINT "delivery_rates_country_length" CHECK (char_length("country") <= 2)
);
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_customer_id_auth_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_uses_coupon_customer_idx" ON "coupon_uses" USING btree ("coupon_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupons_created_id_idx" ON "coupons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "coupons_code_prefix_idx" ON "coupons" USING btree ("code" text_pattern_ops);--> statement-breakpoint
INSERT INTO "delivery_promotion" ("id", "percent_off", "active") VALUES (true, 10, true);