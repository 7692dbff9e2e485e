-- Issue 29 (decision 038): invoices and credit notes copy every figure art. 226 of the VAT Directive asks
-- for (figures: lines, delivery, VAT per rate, treatment, buyer's VAT id) and the shop's VAT note;
-- documents issued before keep figures null and print as they were issued. Totals per day, written in
-- the payment's and the refund's transaction, let the VAT report and the admin overview add up a month
-- of rows instead of scanning the orders. Both are backfilled below from what the shop already holds.
CREATE TABLE "shop_day_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"placed_orders" integer
);
--> statement-breakpoint
CREATE TABLE "vat_day_totals" (
	"day" date NOT NULL,
	"treatment" text NOT NULL,
	"rate_hundredths" integer NOT NULL,
	"invoiced_net_cents" bigint DEFAULT 0 NOT NULL,
	"invoiced_vat_cents" bigint DEFAULT 0 NOT NULL,
	"credited_net_cents" bigint DEFAULT 0 NOT NULL,
	"credited_vat_cents" bigint DEFAULT 0 NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"credit_notes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vat_day_totals_day_treatment_rate_hundredths_pk" PRIMARY KEY("day","treatment","rate_hundredths")
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "seller_vat_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "figures" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_vat_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "figures" jsonb;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_seller_vat_note_length" CHECK (char_length("seller_vat_note") <= 200);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seller_vat_note_length" CHECK (char_length("seller_vat_note") <= 200);--> statement-breakpoint
-- Revenue by payment day, as the overview summed it from the orders: what was paid, less what was
-- refunded of it since.
INSERT INTO "shop_day_totals" ("day", "paid_cents", "refunded_cents")
SELECT ("paid_at" AT TIME ZONE 'UTC')::date, sum("price_cents"), sum("refunded_cents")
FROM "orders" WHERE "paid_at" IS NOT NULL
GROUP BY 1;--> statement-breakpoint
-- The VAT of every invoice issued so far, on its issue day: an order priced at checkout (0026) by the
-- rates of its quote, an order placed before as rate 0, treatment none (it charged no VAT).
INSERT INTO "vat_day_totals" ("day", "treatment", "rate_hundredths", "invoiced_net_cents", "invoiced_vat_cents", "invoices")
SELECT ("i"."issued_at" AT TIME ZONE 'UTC')::date, coalesce("o"."pricing"->'quote'->>'vatTreatment', 'none'), "s"."rate_hundredths",
       sum("s"."net"), sum("s"."vat"), count(*)
FROM "invoices" "i"
JOIN "orders" "o" ON "o"."id" = "i"."order_id"
CROSS JOIN LATERAL (
  SELECT round(("e"->>'rate')::numeric * 100)::int AS "rate_hundredths", ("e"->>'net')::bigint AS "net", ("e"->>'vat')::bigint AS "vat"
  FROM jsonb_array_elements("o"."pricing"->'quote'->'vat') "e" WHERE "o"."pricing" IS NOT NULL
  UNION ALL
  SELECT 0, "i"."total_cents"::bigint, 0::bigint WHERE "o"."pricing" IS NULL
) "s"
GROUP BY 1, 2, 3;--> statement-breakpoint
-- Every credit note so far, on its issue day, each rate of its order's in proportion to the amount
-- (rounded per rate here: credit notes issued from now on spread it by largest remainder).
INSERT INTO "vat_day_totals" ("day", "treatment", "rate_hundredths", "credited_net_cents", "credited_vat_cents", "credit_notes")
SELECT "day", "treatment", "rate_hundredths", sum("gross" - "vat"), sum("vat"), count(*)
FROM (
  SELECT ("c"."issued_at" AT TIME ZONE 'UTC')::date AS "day", coalesce("o"."pricing"->'quote'->>'vatTreatment', 'none') AS "treatment",
         "s"."rate_hundredths", "s"."gross",
         CASE WHEN "s"."share_gross" = 0 THEN 0 ELSE round("s"."gross"::numeric * "s"."share_vat" / "s"."share_gross")::bigint END AS "vat"
  FROM "credit_notes" "c"
  JOIN "orders" "o" ON "o"."id" = "c"."order_id"
  CROSS JOIN LATERAL (
    SELECT round(("e"->>'rate')::numeric * 100)::int AS "rate_hundredths",
           round("c"."amount_cents"::numeric * (("e"->>'net')::bigint + ("e"->>'vat')::bigint) / greatest("c"."total_cents", 1))::bigint AS "gross",
           ("e"->>'net')::bigint + ("e"->>'vat')::bigint AS "share_gross", ("e"->>'vat')::bigint AS "share_vat"
    FROM jsonb_array_elements("o"."pricing"->'quote'->'vat') "e" WHERE "o"."pricing" IS NOT NULL
    UNION ALL
    SELECT 0, "c"."amount_cents"::bigint, "c"."amount_cents"::bigint, 0::bigint WHERE "o"."pricing" IS NULL
  ) "s"
) "credited"
GROUP BY 1, 2, 3
ON CONFLICT ("day", "treatment", "rate_hundredths") DO UPDATE
SET "credited_net_cents" = excluded."credited_net_cents", "credited_vat_cents" = excluded."credited_vat_cents", "credit_notes" = excluded."credit_notes";
