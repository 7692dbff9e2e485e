DROP INDEX "orders_live_delivery_created_id_idx";--> statement-breakpoint
DROP INDEX "orders_live_status_created_id_idx";--> statement-breakpoint
CREATE INDEX "orders_unpaid_created_id_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" = 'unpaid' and "orders"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "orders_pending_created_id_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."delivery" = 'pending' and "orders"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "orders_shipped_created_id_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."delivery" = 'shipped' and "orders"."cancelled_at" is null;