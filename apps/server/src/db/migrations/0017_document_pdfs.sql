-- Invoices and credit notes keep their PDF once drawn (docs/decisions/026): drawing one on every
-- download let one customer slow the shop for everyone. Null until the first download or mail.
ALTER TABLE "credit_notes" ADD COLUMN "pdf" "bytea";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pdf" "bytea";
