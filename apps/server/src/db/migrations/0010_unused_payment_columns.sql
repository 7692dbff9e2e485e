ALTER TABLE "payment_intents" DROP COLUMN "currency";--> statement-breakpoint
ALTER TABLE "payment_intents" DROP COLUMN "last_error";