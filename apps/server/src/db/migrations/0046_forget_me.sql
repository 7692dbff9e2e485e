CREATE TABLE "account_erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	"by_user_id" text,
	"by_email" text,
	"request" text,
	"reviews_kept" integer NOT NULL,
	"tax_records_until" timestamp with time zone,
	"tax_records_cleared_at" timestamp with time zone,
	CONSTRAINT "account_erasures_admin_names_request" CHECK (("account_erasures"."by_user_id" is null) = ("account_erasures"."request" is null)),
	CONSTRAINT "account_erasures_by_email_length" CHECK (char_length("by_email") <= 254),
	CONSTRAINT "account_erasures_request_length" CHECK (char_length("request") <= 500)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erasure_id" uuid;--> statement-breakpoint
CREATE INDEX "account_erasures_tax_records_due_idx" ON "account_erasures" USING btree ("tax_records_until") WHERE "account_erasures"."tax_records_until" is not null and "account_erasures"."tax_records_cleared_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_erasure_id_account_erasures_id_fk" FOREIGN KEY ("erasure_id") REFERENCES "public"."account_erasures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_erasure_idx" ON "orders" USING btree ("erasure_id") WHERE "orders"."erasure_id" is not null;