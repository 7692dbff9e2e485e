-- The admin overview sums the last 30 days of payments; without this it read every order event
-- and every order (about 1 s at a million orders, which on PGlite holds up every other request).
CREATE INDEX "order_events_paid_at_idx" ON "order_events" USING btree ("at","order_id") WHERE "order_events"."type" = 'paid';