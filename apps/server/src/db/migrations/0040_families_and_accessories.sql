CREATE TABLE "tool_accessories" (
	"tool_id" uuid NOT NULL,
	"accessory_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_accessories_tool_id_accessory_id_pk" PRIMARY KEY("tool_id","accessory_id"),
	CONSTRAINT "tool_accessories_kind" CHECK ("tool_accessories"."kind" in ('battery', 'charger', 'blade', 'spare-part', 'other')),
	CONSTRAINT "tool_accessories_not_itself" CHECK ("tool_accessories"."tool_id" <> "tool_accessories"."accessory_id")
);
--> statement-breakpoint
CREATE TABLE "tool_families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"options" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_families_options_bounded" CHECK (cardinality("tool_families"."options") between 1 and 3 and char_length(array_to_string("tool_families"."options", '|')) <= 200),
	CONSTRAINT "tool_families_name_length" CHECK (char_length("name") <= 80)
);
--> statement-breakpoint
CREATE TABLE "tool_family_members" (
	"tool_id" uuid PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"option_values" text[] NOT NULL,
	CONSTRAINT "tool_family_members_values_bounded" CHECK (cardinality("tool_family_members"."option_values") between 1 and 3 and char_length(array_to_string("tool_family_members"."option_values", '|')) <= 200)
);
--> statement-breakpoint
ALTER TABLE "tool_accessories" ADD CONSTRAINT "tool_accessories_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_accessories" ADD CONSTRAINT "tool_accessories_accessory_id_tools_id_fk" FOREIGN KEY ("accessory_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_family_members" ADD CONSTRAINT "tool_family_members_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_family_members" ADD CONSTRAINT "tool_family_members_family_id_tool_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."tool_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_accessories_accessory_tool_idx" ON "tool_accessories" USING btree ("accessory_id","tool_id");--> statement-breakpoint
CREATE INDEX "tool_families_name_id_idx" ON "tool_families" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_family_members_family_values_idx" ON "tool_family_members" USING btree ("family_id","option_values");