-- Orders remember their invoice's number, so every order list answers it without a join; orders
-- invoiced before this migration get theirs from the invoices table.
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
UPDATE "orders" SET "invoice_number" = "invoices"."number" FROM "invoices" WHERE "invoices"."order_id" = "orders"."id";--> statement-breakpoint
-- The first admin's role is given by the shop itself at its first start: a role change without an author.
ALTER TABLE "role_changes" ALTER COLUMN "changed_by_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "role_changes" ALTER COLUMN "changed_by_email" DROP NOT NULL;--> statement-breakpoint
-- A shop set up before this migration records its first admin too: at the first start the admin's
-- profile is the only one (the seed makes tools and reviews, no accounts), so it is the oldest
-- profile made by the time the shop noted the admin's creation. Nothing when that account is gone.
INSERT INTO "role_changes" ("profile_id", "role", "at")
SELECT "user_profiles"."id", 'admin', "shop_state"."value"::timestamptz
FROM "user_profiles", "shop_state"
WHERE "shop_state"."key" = 'first_admin_created_at' AND "user_profiles"."created_at" <= "shop_state"."value"::timestamptz
ORDER BY "user_profiles"."created_at"
LIMIT 1;
