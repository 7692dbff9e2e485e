-- Hand-written: drizzle models neither triggers nor this index, so there is no snapshot either.
-- Every instance remembers who a token belongs to (identity/caller-cache.ts) and must forget it at
-- once when that changes: a session ends or changes, a user's name or email changes or the user is
-- deleted, a role changes. These triggers announce the user id on commit, whoever writes the row.
CREATE FUNCTION "voltline_caller_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('voltline_caller_changed', '*');
  ELSIF TG_TABLE_NAME = 'auth_users' THEN
    PERFORM pg_notify('voltline_caller_changed', OLD.id);
  ELSE
    IF OLD.user_id IS NOT NULL THEN
      PERFORM pg_notify('voltline_caller_changed', OLD.user_id);
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('voltline_caller_changed', NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "auth_sessions_caller_changed" AFTER UPDATE OF "id", "user_id", "expires_at" OR DELETE ON "auth_sessions" FOR EACH ROW EXECUTE FUNCTION "voltline_caller_changed"();--> statement-breakpoint
CREATE TRIGGER "auth_users_caller_changed" AFTER UPDATE OF "id", "email", "name" OR DELETE ON "auth_users" FOR EACH ROW EXECUTE FUNCTION "voltline_caller_changed"();--> statement-breakpoint
CREATE TRIGGER "user_profiles_caller_changed" AFTER UPDATE OF "user_id", "role" OR DELETE ON "user_profiles" FOR EACH ROW EXECUTE FUNCTION "voltline_caller_changed"();--> statement-breakpoint
CREATE TRIGGER "auth_sessions_truncated" AFTER TRUNCATE ON "auth_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "voltline_caller_changed"();--> statement-breakpoint
CREATE TRIGGER "auth_users_truncated" AFTER TRUNCATE ON "auth_users" FOR EACH STATEMENT EXECUTE FUNCTION "voltline_caller_changed"();--> statement-breakpoint
CREATE TRIGGER "user_profiles_truncated" AFTER TRUNCATE ON "user_profiles" FOR EACH STATEMENT EXECUTE FUNCTION "voltline_caller_changed"();
--> statement-breakpoint
-- The outbox dispatcher claims the oldest undelivered messages; every order adds one or more, so
-- by next_attempt_at alone the claim read every message ever sent (49 ms at 21,500 messages,
-- growing with each order). Only the pending ones are in this index, in the order they are claimed.
-- (Also hand-written: kept out of schema.ts so db:generate does not create it a second time.)
CREATE INDEX "notifications_pending_created_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."delivered_at" is null and "notifications"."failed_at" is null;
