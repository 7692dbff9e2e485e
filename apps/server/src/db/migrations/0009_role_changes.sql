CREATE TABLE "role_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"role" text NOT NULL,
	"changed_by_user_id" text NOT NULL,
	"changed_by_email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_changes_changed_by_email_length" CHECK (char_length("changed_by_email") <= 254)
);
--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_profile_id_user_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."user_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_changes_profile_at_id_idx" ON "role_changes" USING btree ("profile_id","at","id");