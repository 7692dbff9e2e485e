CREATE TABLE "auth_two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "auth_two_factors_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_two_factors" ADD CONSTRAINT "auth_two_factors_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the remembered caller (identity/caller-cache.ts) carries whether the user has a
-- second factor, so turning it on or off must make every instance forget them, as a renamed user is.
DROP TRIGGER "auth_users_caller_changed" ON "auth_users";--> statement-breakpoint
CREATE TRIGGER "auth_users_caller_changed" AFTER UPDATE OF "id", "email", "name", "two_factor_enabled" OR DELETE ON "auth_users" FOR EACH ROW EXECUTE FUNCTION "voltline_caller_changed"();
