-- Orders with lines (issue 28, decision 037). Every existing order becomes a one-line order: its
-- own tool, name, picture, units, unit price and total copied into line 0, in one INSERT ... SELECT
-- before the foreign keys and the tool index exist, so a million orders are copied in one pass
-- (measured: see decision 037). The orders keep these columns as the summary of their lines.
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"tool_id" uuid,
	"product" text NOT NULL,
	"img" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"line_total" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_position_not_negative" CHECK ("order_lines"."position" >= 0),
	CONSTRAINT "order_lines_product_length" CHECK (char_length("product") <= 120),
	CONSTRAINT "order_lines_img_length" CHECK (char_length("img") <= 300)
);
--> statement-breakpoint
INSERT INTO "order_lines" ("order_id", "position", "tool_id", "product", "img", "quantity", "unit_price", "line_total")
SELECT "id", 0, "tool_id", "product", "img", "quantity", "unit_price", "price" FROM "orders";--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_tool_id_idx" ON "order_lines" USING btree ("tool_id");--> statement-breakpoint
ANALYZE "order_lines";
