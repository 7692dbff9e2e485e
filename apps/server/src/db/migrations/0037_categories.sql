CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_slug_form" CHECK ("categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "categories_not_own_parent" CHECK ("categories"."parent_id" <> "categories"."id"),
	CONSTRAINT "categories_name_length" CHECK (char_length("name") <= 60),
	CONSTRAINT "categories_slug_length" CHECK (char_length("slug") <= 80)
);
--> statement-breakpoint
CREATE TABLE "category_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text,
	"choices" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_attributes_kind" CHECK ("category_attributes"."kind" in ('number', 'choice', 'yesno')),
	CONSTRAINT "category_attributes_choices_bounded" CHECK (cardinality("category_attributes"."choices") <= 40 and char_length(array_to_string("category_attributes"."choices", '|')) <= 2000),
	CONSTRAINT "category_attributes_name_length" CHECK (char_length("name") <= 60),
	CONSTRAINT "category_attributes_unit_length" CHECK (char_length("unit") <= 12)
);
--> statement-breakpoint
CREATE TABLE "tool_specifications" (
	"tool_id" uuid NOT NULL,
	"attribute_id" uuid NOT NULL,
	"number_value" double precision,
	"choice_value" text,
	"yes_no_value" boolean,
	CONSTRAINT "tool_specifications_tool_id_attribute_id_pk" PRIMARY KEY("tool_id","attribute_id"),
	CONSTRAINT "tool_specifications_one_value" CHECK (num_nonnulls("tool_specifications"."number_value", "tool_specifications"."choice_value", "tool_specifications"."yes_no_value") = 1),
	CONSTRAINT "tool_specifications_choice_value_length" CHECK (char_length("choice_value") <= 40)
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_attributes" ADD CONSTRAINT "category_attributes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_specifications" ADD CONSTRAINT "tool_specifications_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_specifications" ADD CONSTRAINT "tool_specifications_attribute_id_category_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."category_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "category_attributes_category_name_idx" ON "category_attributes" USING btree ("category_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tool_specifications_number_idx" ON "tool_specifications" USING btree ("attribute_id","number_value","tool_id");--> statement-breakpoint
CREATE INDEX "tool_specifications_choice_idx" ON "tool_specifications" USING btree ("attribute_id","choice_value","tool_id");--> statement-breakpoint
CREATE INDEX "tool_specifications_yes_no_idx" ON "tool_specifications" USING btree ("attribute_id","yes_no_value","tool_id");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tools_category_price_id_idx" ON "tools" USING btree ("category_id","price_cents","id");--> statement-breakpoint
-- A parent is checked at the end of the transaction: a shop's export restores categories in any order (db/transfer).
ALTER TABLE "categories" ALTER CONSTRAINT "categories_parent_id_categories_id_fk" DEFERRABLE INITIALLY DEFERRED;
