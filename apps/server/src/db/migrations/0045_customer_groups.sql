CREATE TABLE "customer_group_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"group_key" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_prices_without_vat" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_groups_key_length" CHECK (char_length("key") <= 32),
	CONSTRAINT "customer_groups_name_length" CHECK (char_length("name") <= 80)
);
--> statement-breakpoint
CREATE TABLE "group_tool_prices" (
	"group_key" text NOT NULL,
	"tool_id" uuid NOT NULL,
	"price_cents" integer,
	"percent_off_hundredths" integer,
	"minimum_order_quantity" integer,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_tool_prices_group_key_tool_id_pk" PRIMARY KEY("group_key","tool_id"),
	CONSTRAINT "group_tool_prices_price_positive" CHECK ("group_tool_prices"."price_cents" > 0),
	CONSTRAINT "group_tool_prices_percent_range" CHECK ("group_tool_prices"."percent_off_hundredths" between 1 and 9999),
	CONSTRAINT "group_tool_prices_price_or_percent" CHECK ("group_tool_prices"."price_cents" is null or "group_tool_prices"."percent_off_hundredths" is null),
	CONSTRAINT "group_tool_prices_minimum_positive" CHECK ("group_tool_prices"."minimum_order_quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_group_key_customer_groups_key_fk" FOREIGN KEY ("group_key") REFERENCES "public"."customer_groups"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_tool_prices" ADD CONSTRAINT "group_tool_prices_group_key_customer_groups_key_fk" FOREIGN KEY ("group_key") REFERENCES "public"."customer_groups"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_tool_prices" ADD CONSTRAINT "group_tool_prices_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_group_members_group_idx" ON "customer_group_members" USING btree ("group_key","user_id");--> statement-breakpoint
CREATE INDEX "group_tool_prices_tool_idx" ON "group_tool_prices" USING btree ("tool_id");--> statement-breakpoint
INSERT INTO "customer_groups" ("key", "name", "display_prices_without_vat") VALUES ('retail', 'Retail', false), ('trade', 'Trade', true) ON CONFLICT DO NOTHING;
