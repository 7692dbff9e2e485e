CREATE SEQUENCE "public"."return_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5001 CACHE 1;--> statement-breakpoint
CREATE TABLE "return_lines" (
	"return_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"product" text NOT NULL,
	"quantity" integer NOT NULL,
	"received_quantity" integer,
	"restocked" boolean,
	CONSTRAINT "return_lines_return_id_tool_id_pk" PRIMARY KEY("return_id","tool_id"),
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" > 0),
	CONSTRAINT "return_lines_received_within" CHECK ("return_lines"."received_quantity" is null or "return_lines"."received_quantity" between 0 and "return_lines"."quantity"),
	CONSTRAINT "return_lines_product_length" CHECK (char_length("product") <= 120)
);
--> statement-breakpoint
CREATE TABLE "return_serials" (
	"return_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"serial_number" text NOT NULL,
	CONSTRAINT "return_serials_return_id_tool_id_serial_number_pk" PRIMARY KEY("return_id","tool_id","serial_number"),
	CONSTRAINT "return_serials_serial_number_length" CHECK (char_length("serial_number") <= 60)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint DEFAULT nextval('return_number_seq') NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"reason" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"instructions" text,
	"refusal_reason" text,
	"refunded_cents" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_number_unique" UNIQUE("number"),
	CONSTRAINT "returns_refunded_cents_not_negative" CHECK ("returns"."refunded_cents" is null or "returns"."refunded_cents" >= 0),
	CONSTRAINT "returns_comment_length" CHECK (char_length("comment") <= 500),
	CONSTRAINT "returns_instructions_length" CHECK (char_length("instructions") <= 500),
	CONSTRAINT "returns_refusal_reason_length" CHECK (char_length("refusal_reason") <= 500)
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_serials" ADD CONSTRAINT "return_serials_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_serials" ADD CONSTRAINT "return_serials_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_lines_order_tool_idx" ON "return_lines" USING btree ("order_id","tool_id");--> statement-breakpoint
CREATE INDEX "return_serials_order_tool_idx" ON "return_serials" USING btree ("order_id","tool_id");--> statement-breakpoint
CREATE INDEX "returns_user_requested_id_idx" ON "returns" USING btree ("user_id","requested_at","id");--> statement-breakpoint
CREATE INDEX "returns_requested_id_idx" ON "returns" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "returns_status_requested_id_idx" ON "returns" USING btree ("status","requested_at","id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");