-- The catalogue page's search (issue 28) finds tools whose name contains q. A word most tools'
-- names hold is met soon along the sort's own index; one that few or none hold walked that index
-- to its end (100,000 tools: 110-440 ms on PostgreSQL), and now reads these trigrams (0.2 ms).
-- pg_trgm exists since 0018.
CREATE INDEX "tools_name_trgm_idx" ON "tools" USING gin (lower("tool_name") gin_trgm_ops);--> statement-breakpoint
ANALYZE "tools";
