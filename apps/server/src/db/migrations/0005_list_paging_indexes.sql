DROP INDEX "notifications_target_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_email_idx";--> statement-breakpoint
DROP INDEX "orders_user_id_idx";--> statement-breakpoint
DROP INDEX "reviews_created_at_idx";--> statement-breakpoint
DROP INDEX "tools_created_at_idx";--> statement-breakpoint
CREATE INDEX "notifications_target_created_id_idx" ON "notifications" USING btree ("target","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_created_id_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_live_created_id_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "orders_live_delivery_created_id_idx" ON "orders" USING btree ("delivery","created_at","id") WHERE "orders"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "orders_live_status_created_id_idx" ON "orders" USING btree ("status","created_at","id") WHERE "orders"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "orders_buyer_email_search_idx" ON "orders" USING btree (lower("buyer_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_buyer_search_idx" ON "orders" USING btree (lower("buyer") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_product_search_idx" ON "orders" USING btree (lower("product") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "reviews_created_at_id_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tools_created_at_id_idx" ON "tools" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tools_price_id_idx" ON "tools" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "tools_name_lower_id_idx" ON "tools" USING btree (lower("tool_name"),"id");--> statement-breakpoint
CREATE INDEX "user_profiles_created_at_id_idx" ON "user_profiles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_profiles_email_search_idx" ON "user_profiles" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_name_search_idx" ON "user_profiles" USING btree (lower("name") text_pattern_ops);