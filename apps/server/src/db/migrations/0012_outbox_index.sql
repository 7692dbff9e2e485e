-- The dispatcher claims pending messages through notifications_pending_created_idx (migration 0011,
-- now also declared in schema.ts, so this migration's snapshot knows it: the CREATE drizzle-kit
-- generated here was removed). Nothing reads notifications by next_attempt_at alone any more, and
-- every order paid its index a write.
DROP INDEX "notifications_due_idx";
