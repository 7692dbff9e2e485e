-- Orders get a number people read (`VL-10042`, issue 43), from a sequence: distinct for placements at
-- once on any number of instances. The orders already placed are numbered first, in the order they
-- were placed, and the sequence goes on after the last of them.
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
UPDATE "orders" SET "number" = "numbered"."number"
FROM (SELECT "id", 10000 + row_number() OVER (ORDER BY "created_at", "id") AS "number" FROM "orders") AS "numbered"
WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
SELECT setval('order_number_seq', GREATEST((SELECT max("number") FROM "orders"), 10000));--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('order_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
-- Its unique index is also what a search for "VL-10042" reads.
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");
