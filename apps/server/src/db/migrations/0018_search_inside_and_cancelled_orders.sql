-- Order search finds text anywhere inside the buyer's email or name, the product or the address
-- ("rill", "crimp"), through trigrams (decision 028). pg_trgm is a trusted extension: the database's
-- owner creates it on PostgreSQL; PGlite loads it when it opens the database (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- All orders, cancelled ones included, page on (created_at, id); the overview's count by day reads
-- the same index, so it replaces the one on created_at alone.
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_live_created_id_idx";--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_cancelled_created_id_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."cancelled_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (lower("buyer_email" || E'\n' || "buyer" || E'\n' || "product" || E'\n' || "address") gin_trgm_ops);--> statement-breakpoint
-- The planner weighs a search by the statistics of the indexed text, which exist only once orders
-- are analysed (PGlite never analyses on its own).
ANALYZE "orders";
