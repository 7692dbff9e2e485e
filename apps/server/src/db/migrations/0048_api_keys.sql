CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "api_keys_name_length" CHECK (char_length("name") <= 80),
	CONSTRAINT "api_keys_scopes_known" CHECK ("api_keys"."scopes" <@ array['orders:read', 'orders:write', 'catalogue:write', 'stock:write', 'invoices:read']::text[] and cardinality("api_keys"."scopes") > 0)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_created_at_id_idx" ON "api_keys" USING btree ("created_at","id");--> statement-breakpoint
-- Hand-written (decision 066): drizzle models no triggers. Every instance remembers who an API key
-- belongs to (identity/caller-cache.ts); a key revoked, changed or deleted is announced on commit on
-- 0011's channel as `api-key:<id>`, whoever writes the row, and every instance forgets it at once.
-- Its last use is not announced: it changes nothing of what the key may do.
CREATE FUNCTION "voltline_api_key_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('voltline_caller_changed', '*');
  ELSE
    PERFORM pg_notify('voltline_caller_changed', 'api-key:' || OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "api_keys_caller_changed" AFTER UPDATE OF "id", "name", "scopes", "key_hash", "created_by", "revoked_at" OR DELETE ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "voltline_api_key_changed"();--> statement-breakpoint
CREATE TRIGGER "api_keys_truncated" AFTER TRUNCATE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "voltline_api_key_changed"();
