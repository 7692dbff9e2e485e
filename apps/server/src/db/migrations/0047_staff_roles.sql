ALTER TABLE "role_changes" ADD COLUMN "staff_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "staff_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_staff_roles_known" CHECK ("role_changes"."staff_roles" <@ array['fulfilment', 'catalogue', 'accounts', 'support']::text[]);--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_staff_roles_known" CHECK ("user_profiles"."staff_roles" <@ array['fulfilment', 'catalogue', 'accounts', 'support']::text[]);--> statement-breakpoint
-- A caller's staff roles are remembered with the caller (identity/caller-cache.ts): a change of them
-- must make every instance forget the caller at once, as a change of the admin role does (0011).
DROP TRIGGER "user_profiles_caller_changed" ON "user_profiles";--> statement-breakpoint
CREATE TRIGGER "user_profiles_caller_changed" AFTER UPDATE OF "user_id", "role", "staff_roles" OR DELETE ON "user_profiles" FOR EACH ROW EXECUTE FUNCTION "voltline_caller_changed"();
