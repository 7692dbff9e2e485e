-- The "Ask us anything" form's queries, stored for the admins' Queries inbox (issue 26). The inbox pages
-- newest first on (created_at, id); the open ones have an index of their own, as they stay few.
CREATE TABLE "queries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"role" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	CONSTRAINT "queries_name_length" CHECK (char_length("name") <= 80),
	CONSTRAINT "queries_email_length" CHECK (char_length("email") <= 254),
	CONSTRAINT "queries_phone_length" CHECK (char_length("phone") <= 30),
	CONSTRAINT "queries_role_length" CHECK (char_length("role") <= 40),
	CONSTRAINT "queries_query_length" CHECK (char_length("query") <= 2000),
	CONSTRAINT "queries_answered_by_length" CHECK (char_length("answered_by") <= 254)
);
--> statement-breakpoint
CREATE INDEX "queries_created_id_idx" ON "queries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "queries_open_created_id_idx" ON "queries" USING btree ("created_at","id") WHERE "queries"."answered_at" is null;