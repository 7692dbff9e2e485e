CREATE TABLE "tax_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"country" text NOT NULL,
	"standard_rate_hundredths" integer NOT NULL,
	"prices_include_vat" boolean NOT NULL,
	"vat_note" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_settings_one_row" CHECK ("tax_settings"."id"),
	CONSTRAINT "tax_settings_standard_rate" CHECK ("tax_settings"."standard_rate_hundredths" between 0 and 10000),
	CONSTRAINT "tax_settings_country_length" CHECK (char_length("country") <= 2),
	CONSTRAINT "tax_settings_vat_note_length" CHECK (char_length("vat_note") <= 200)
);
