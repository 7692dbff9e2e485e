ALTER TABLE "reviews" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "removed_by_user_id" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "removed_by_email" text;--> statement-breakpoint
CREATE INDEX "reviews_user_created_at_id_idx" ON "reviews" USING btree ("user_id","created_at","id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_removed_by_email_length" CHECK (char_length("removed_by_email") <= 254);