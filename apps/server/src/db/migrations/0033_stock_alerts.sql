CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_email_lower" CHECK ("stock_alerts"."email" = lower("stock_alerts"."email")),
	CONSTRAINT "stock_alerts_email_length" CHECK (char_length("email") <= 254)
);
--> statement-breakpoint
DROP INDEX "stock_movements_tool_created_id_idx";--> statement-breakpoint
DROP INDEX "stock_movements_tool_kind_created_id_idx";--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_tool_email_idx" ON "stock_alerts" USING btree ("tool_id","email") WHERE "stock_alerts"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_email_idx" ON "stock_alerts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "stock_alerts_mailed_at_idx" ON "stock_alerts" USING btree ("mailed_at") WHERE "stock_alerts"."mailed_at" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_tool_created_id_idx" ON "stock_movements" USING btree ("tool_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_tool_kind_created_id_idx" ON "stock_movements" USING btree ("tool_id","kind","created_at","id");