ALTER TABLE "carriers" ADD COLUMN "notice_secret" text;--> statement-breakpoint
CREATE INDEX "shipments_tracking_number_idx" ON "shipments" USING btree ("tracking_number");--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_notice_secret_length" CHECK (char_length("notice_secret") <= 200);