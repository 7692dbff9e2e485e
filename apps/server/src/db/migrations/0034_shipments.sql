CREATE TABLE "carriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tracking_url_template" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carriers_name_length" CHECK (char_length("name") <= 60),
	CONSTRAINT "carriers_tracking_url_template_length" CHECK (char_length("tracking_url_template") <= 500)
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"shipment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_position" integer NOT NULL,
	"tool_id" uuid,
	"product" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_shipment_id_line_position_pk" PRIMARY KEY("shipment_id","line_position"),
	CONSTRAINT "shipment_lines_quantity_positive" CHECK ("shipment_lines"."quantity" > 0),
	CONSTRAINT "shipment_lines_product_length" CHECK (char_length("product") <= 120)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"actor_user_id" text,
	"actor_email" text,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_carrier_length" CHECK (char_length("carrier") <= 60),
	CONSTRAINT "shipments_tracking_number_length" CHECK (char_length("tracking_number") <= 60),
	CONSTRAINT "shipments_tracking_url_length" CHECK (char_length("tracking_url") <= 680),
	CONSTRAINT "shipments_actor_email_length" CHECK (char_length("actor_email") <= 254)
);
--> statement-breakpoint
CREATE TABLE "shipped_serials" (
	"shipment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_position" integer NOT NULL,
	"tool_id" uuid,
	"serial_number" text NOT NULL,
	CONSTRAINT "shipped_serials_shipment_id_serial_number_pk" PRIMARY KEY("shipment_id","serial_number"),
	CONSTRAINT "shipped_serials_serial_number_length" CHECK (char_length("serial_number") <= 60)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "serialised" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "warranty_months" integer;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipped_serials" ADD CONSTRAINT "shipped_serials_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipped_serials" ADD CONSTRAINT "shipped_serials_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipped_serials" ADD CONSTRAINT "shipped_serials_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_name_lower_idx" ON "carriers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "shipment_lines_order_line_idx" ON "shipment_lines" USING btree ("order_id","line_position");--> statement-breakpoint
CREATE INDEX "shipments_order_shipped_id_idx" ON "shipments" USING btree ("order_id","shipped_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipped_serials_tool_serial_idx" ON "shipped_serials" USING btree ("tool_id","serial_number");--> statement-breakpoint
CREATE INDEX "shipped_serials_serial_idx" ON "shipped_serials" USING btree ("serial_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipped_units_within_quantity" CHECK ("orders"."shipped_units" between 0 and "orders"."quantity");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_warranty_months" CHECK ("tools"."warranty_months" between 0 and 1200);--> statement-breakpoint
-- Orders shipped before parcels existed shipped every unit at once: their units count as shipped, and
-- each gets the one parcel it was (no carrier, no tracking), at the time its history says it left, so
-- a line's units shipped are always the sum of its parcels' (what returns will count against).
UPDATE "orders" SET "shipped_units" = "quantity" WHERE "delivery" = 'shipped';--> statement-breakpoint
INSERT INTO "shipments" ("order_id", "actor_user_id", "actor_email", "shipped_at")
SELECT o."id", e."actor_user_id", e."actor_email", coalesce(e."at", o."created_at")
FROM "orders" o
LEFT JOIN LATERAL (
  SELECT "actor_user_id", "actor_email", "at" FROM "order_events" WHERE "order_id" = o."id" AND "type" = 'shipped' ORDER BY "at" LIMIT 1
) e ON true
WHERE o."delivery" = 'shipped';--> statement-breakpoint
INSERT INTO "shipment_lines" ("shipment_id", "order_id", "line_position", "tool_id", "product", "quantity")
SELECT s."id", l."order_id", l."position", l."tool_id", l."product", l."quantity"
FROM "shipments" s JOIN "order_lines" l ON l."order_id" = s."order_id";
