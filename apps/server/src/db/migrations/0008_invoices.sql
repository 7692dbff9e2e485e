CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"seller_tax_id" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"buyer_address" text NOT NULL,
	"product" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"total" integer NOT NULL,
	"payment_method" text NOT NULL,
	"transaction_id" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"amount" integer NOT NULL,
	"refunded_so_far" integer NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_sequence_unique" UNIQUE("sequence"),
	CONSTRAINT "credit_notes_amount_positive" CHECK ("credit_notes"."amount" > 0),
	CONSTRAINT "credit_notes_number_length" CHECK (char_length("number") <= 40),
	CONSTRAINT "credit_notes_seller_name_length" CHECK (char_length("seller_name") <= 200),
	CONSTRAINT "credit_notes_seller_address_length" CHECK (char_length("seller_address") <= 300),
	CONSTRAINT "credit_notes_seller_tax_id_length" CHECK (char_length("seller_tax_id") <= 50),
	CONSTRAINT "credit_notes_buyer_name_length" CHECK (char_length("buyer_name") <= 80),
	CONSTRAINT "credit_notes_buyer_email_length" CHECK (char_length("buyer_email") <= 254),
	CONSTRAINT "credit_notes_buyer_phone_length" CHECK (char_length("buyer_phone") <= 30),
	CONSTRAINT "credit_notes_buyer_address_length" CHECK (char_length("buyer_address") <= 300),
	CONSTRAINT "credit_notes_product_length" CHECK (char_length("product") <= 120),
	CONSTRAINT "credit_notes_transaction_id_length" CHECK (char_length("transaction_id") <= 255),
	CONSTRAINT "credit_notes_invoice_number_length" CHECK (char_length("invoice_number") <= 40),
	CONSTRAINT "credit_notes_reason_length" CHECK (char_length("reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"seller_tax_id" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"buyer_address" text NOT NULL,
	"product" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"total" integer NOT NULL,
	"payment_method" text NOT NULL,
	"transaction_id" text NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_sequence_unique" UNIQUE("sequence"),
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_number_length" CHECK (char_length("number") <= 40),
	CONSTRAINT "invoices_seller_name_length" CHECK (char_length("seller_name") <= 200),
	CONSTRAINT "invoices_seller_address_length" CHECK (char_length("seller_address") <= 300),
	CONSTRAINT "invoices_seller_tax_id_length" CHECK (char_length("seller_tax_id") <= 50),
	CONSTRAINT "invoices_buyer_name_length" CHECK (char_length("buyer_name") <= 80),
	CONSTRAINT "invoices_buyer_email_length" CHECK (char_length("buyer_email") <= 254),
	CONSTRAINT "invoices_buyer_phone_length" CHECK (char_length("buyer_phone") <= 30),
	CONSTRAINT "invoices_buyer_address_length" CHECK (char_length("buyer_address") <= 300),
	CONSTRAINT "invoices_product_length" CHECK (char_length("product") <= 120),
	CONSTRAINT "invoices_transaction_id_length" CHECK (char_length("transaction_id") <= 255)
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_order_id_idx" ON "credit_notes" USING btree ("order_id","sequence");