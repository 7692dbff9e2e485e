-- Signed-in customers' carts (issue 28): a row per account and tool, at most 50 per account (cart-service.ts);
-- the primary key, led by the account, serves reading one cart. No foreign key to the tool: a deleted tool's
-- line stays to say why it cannot be ordered.
CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"tool_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_unit_price" integer NOT NULL,
	"tool_name" text NOT NULL,
	"img" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id"),
	CONSTRAINT "cart_lines_quantity_bounds" CHECK ("cart_lines"."quantity" between 1 and 10000000),
	CONSTRAINT "cart_lines_tool_name_length" CHECK (char_length("tool_name") <= 120),
	CONSTRAINT "cart_lines_img_length" CHECK (char_length("img") <= 300)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;