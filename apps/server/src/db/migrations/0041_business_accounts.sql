CREATE TABLE "business_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"email" text NOT NULL,
	"company_name" text NOT NULL,
	"vat_id" text NOT NULL,
	"billing_street" text NOT NULL,
	"billing_postcode" text NOT NULL,
	"billing_city" text NOT NULL,
	"billing_country" text NOT NULL,
	"note" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"refusal_reason" text,
	"applied_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"vat_confirmed_by" text,
	"vat_confirmed_at" timestamp with time zone,
	"vat_confirmed_reason" text,
	CONSTRAINT "business_accounts_refusal_has_reason" CHECK (("business_accounts"."state" = 'refused') = ("business_accounts"."refusal_reason" is not null)),
	CONSTRAINT "business_accounts_confirmation_whole" CHECK (("business_accounts"."vat_confirmed_at" is null) = ("business_accounts"."vat_confirmed_by" is null) and ("business_accounts"."vat_confirmed_at" is null) = ("business_accounts"."vat_confirmed_reason" is null)),
	CONSTRAINT "business_accounts_email_length" CHECK (char_length("email") <= 254),
	CONSTRAINT "business_accounts_company_name_length" CHECK (char_length("company_name") <= 120),
	CONSTRAINT "business_accounts_vat_id_length" CHECK (char_length("vat_id") <= 50),
	CONSTRAINT "business_accounts_billing_street_length" CHECK (char_length("billing_street") <= 100),
	CONSTRAINT "business_accounts_billing_postcode_length" CHECK (char_length("billing_postcode") <= 12),
	CONSTRAINT "business_accounts_billing_city_length" CHECK (char_length("billing_city") <= 50),
	CONSTRAINT "business_accounts_billing_country_length" CHECK (char_length("billing_country") <= 2),
	CONSTRAINT "business_accounts_note_length" CHECK (char_length("note") <= 500),
	CONSTRAINT "business_accounts_refusal_reason_length" CHECK (char_length("refusal_reason") <= 500),
	CONSTRAINT "business_accounts_decided_by_length" CHECK (char_length("decided_by") <= 254),
	CONSTRAINT "business_accounts_vat_confirmed_by_length" CHECK (char_length("vat_confirmed_by") <= 254),
	CONSTRAINT "business_accounts_vat_confirmed_reason_length" CHECK (char_length("vat_confirmed_reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "vat_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vat_id" text NOT NULL,
	"result" text NOT NULL,
	"consultation_number" text,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vat_checks_vat_id_length" CHECK (char_length("vat_id") <= 50),
	CONSTRAINT "vat_checks_consultation_number_length" CHECK (char_length("consultation_number") <= 255)
);
--> statement-breakpoint
ALTER TABLE "business_accounts" ADD CONSTRAINT "business_accounts_customer_id_auth_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_accounts_customer_idx" ON "business_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "business_accounts_applied_idx" ON "business_accounts" USING btree ("applied_at","id");--> statement-breakpoint
CREATE INDEX "business_accounts_search_trgm_idx" ON "business_accounts" USING gin (lower("company_name" || E'\n' || "vat_id" || E'\n' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vat_checks_vat_id_checked_idx" ON "vat_checks" USING btree ("vat_id","checked_at");