CREATE TABLE "tool_pictures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"alt" text NOT NULL,
	"original_type" text NOT NULL,
	"card_webp_id" uuid NOT NULL,
	"card_original_id" uuid NOT NULL,
	"page_webp_id" uuid NOT NULL,
	"page_original_id" uuid NOT NULL,
	"zoom_webp_id" uuid NOT NULL,
	"zoom_original_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_pictures_alt_length" CHECK (char_length("alt") <= 150),
	CONSTRAINT "tool_pictures_original_type" CHECK ("tool_pictures"."original_type" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "tool_pictures" ADD CONSTRAINT "tool_pictures_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_pictures" ADD CONSTRAINT "tool_pictures_card_webp_id_images_id_fk" FOREIGN KEY ("card_webp_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_pictures" ADD CONSTRAINT "tool_pictures_card_original_id_images_id_fk" FOREIGN KEY ("card_original_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_pictures" ADD CONSTRAINT "tool_pictures_page_webp_id_images_id_fk" FOREIGN KEY ("page_webp_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_pictures" ADD CONSTRAINT "tool_pictures_page_original_id_images_id_fk" FOREIGN KEY ("page_original_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_pictures" ADD CONSTRAINT "tool_pictures_zoom_webp_id_images_id_fk" FOREIGN KEY ("zoom_webp_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_pictures" ADD CONSTRAINT "tool_pictures_zoom_original_id_images_id_fk" FOREIGN KEY ("zoom_original_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_pictures_tool_position_idx" ON "tool_pictures" USING btree ("tool_id","position");