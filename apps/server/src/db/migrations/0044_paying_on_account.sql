ALTER TABLE "orders" ADD COLUMN "payment_due_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bank_paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_order_number" text;--> statement-breakpoint
ALTER TABLE "business_accounts" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_accounts" ADD COLUMN "credit_limit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_on_account_open_due_idx" ON "orders" USING btree ("payment_due_on","id") WHERE "orders"."payment_due_on" is not null and "orders"."status" = 'unpaid' and "orders"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "orders_on_account_open_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."payment_due_on" is not null and "orders"."status" = 'unpaid' and "orders"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bank_paid_within_total" CHECK ("orders"."bank_paid_cents" between 0 and "orders"."price_cents" and ("orders"."bank_paid_cents" = 0 or "orders"."payment_due_on" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_order_number_length" CHECK (char_length("purchase_order_number") <= 35);--> statement-breakpoint
ALTER TABLE "business_accounts" ADD CONSTRAINT "business_accounts_payment_terms" CHECK ("business_accounts"."payment_terms_days" between 1 and 365 and "business_accounts"."credit_limit_cents" >= 0);