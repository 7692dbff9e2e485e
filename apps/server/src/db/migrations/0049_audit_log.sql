CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" text,
	"actor_email" text,
	"actor_api_key_id" text,
	"client_address" text,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"subject" text,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_entries_actor_kind_known" CHECK ("audit_entries"."actor_kind" in ('staff', 'api_key', 'system')),
	CONSTRAINT "audit_entries_kind_known" CHECK ("audit_entries"."kind" in ('tool', 'price', 'stock', 'category', 'coupon', 'delivery', 'role', 'refund', 'return', 'trade_account', 'webhook', 'settings', 'erasure')),
	CONSTRAINT "audit_entries_action_short" CHECK (char_length("audit_entries"."action") <= 40),
	CONSTRAINT "audit_entries_subject_short" CHECK (char_length("audit_entries"."subject") <= 100),
	CONSTRAINT "audit_entries_fields_bounded" CHECK (coalesce(octet_length("audit_entries"."before"::text), 0) + coalesce(octet_length("audit_entries"."after"::text), 0) <= 65536),
	CONSTRAINT "audit_entries_actor_email_length" CHECK (char_length("actor_email") <= 254),
	CONSTRAINT "audit_entries_client_address_length" CHECK (char_length("client_address") <= 64)
);
--> statement-breakpoint
CREATE INDEX "audit_entries_at_id_idx" ON "audit_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_at_id_idx" ON "audit_entries" USING btree ("actor_email","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_kind_at_id_idx" ON "audit_entries" USING btree ("kind","at","id");--> statement-breakpoint
-- Written by hand (decision 065): the audit log is only ever added to. A change or deletion of a row
-- is refused whoever asks, as stock movements' are (0030); the shop's export and import and its
-- backups and restores only insert, so they carry the log whole.
CREATE FUNCTION "voltline_audit_entries_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries are never changed or deleted'
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_kept" BEFORE UPDATE OR DELETE ON "audit_entries" FOR EACH ROW EXECUTE FUNCTION "voltline_audit_entries_kept"();--> statement-breakpoint
CREATE TRIGGER "audit_entries_kept_whole" BEFORE TRUNCATE ON "audit_entries" FOR EACH STATEMENT EXECUTE FUNCTION "voltline_audit_entries_kept"();
