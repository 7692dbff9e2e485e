-- Issue 37 (decision 041): stock as a ledger. Every change of a tool's available_quantity is a
-- movement with its kind, units, the level after it, a note, who and which order; the tool's stock
-- is the sum of its movements. tool_id has no foreign key: a deleted tool's movements stay on
-- record, and ON DELETE SET NULL or CASCADE would have to change or delete them. Hand-added below
-- drizzle's part: the trigger that refuses to change, delete or truncate a movement (PGlite and
-- PostgreSQL alike), and one opening movement per existing tool with the stock it has now.
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"units" integer NOT NULL,
	"level_after" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_user_id" text,
	"actor_email" text,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_units_move" CHECK ("stock_movements"."units" <> 0 or "stock_movements"."kind" = 'opening'),
	CONSTRAINT "stock_movements_level_not_negative" CHECK ("stock_movements"."level_after" >= 0),
	CONSTRAINT "stock_movements_note_length" CHECK (char_length("note") <= 500),
	CONSTRAINT "stock_movements_actor_email_length" CHECK (char_length("actor_email") <= 254)
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_tool_created_id_idx" ON "stock_movements" USING btree ("tool_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_tool_kind_created_id_idx" ON "stock_movements" USING btree ("tool_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE FUNCTION "voltline_stock_movements_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock movements are never changed or deleted: record a new movement instead'
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stock_movements_kept" BEFORE UPDATE OR DELETE ON "stock_movements" FOR EACH ROW EXECUTE FUNCTION "voltline_stock_movements_kept"();--> statement-breakpoint
CREATE TRIGGER "stock_movements_kept_whole" BEFORE TRUNCATE ON "stock_movements" FOR EACH STATEMENT EXECUTE FUNCTION "voltline_stock_movements_kept"();--> statement-breakpoint
INSERT INTO "stock_movements" ("tool_id", "kind", "units", "level_after", "note")
SELECT "id", 'opening', "available_quantity", "available_quantity", 'stock when the ledger began' FROM "tools";
