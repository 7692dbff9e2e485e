ALTER TABLE "tools" ADD COLUMN "picture_srcset" jsonb;--> statement-breakpoint
-- Tools whose img is their gallery's first picture get its srcsets (card and page widths; a width drawn twice once).
UPDATE "tools" t SET "picture_srcset" = jsonb_build_object(
  'img', t."img",
  'webp', '/api/images/' || p."card_webp_id" || ' ' || cw."width" || 'w' || CASE WHEN pw."width" > cw."width" THEN ', /api/images/' || p."page_webp_id" || ' ' || pw."width" || 'w' ELSE '' END,
  'original', '/api/images/' || p."card_original_id" || ' ' || cw."width" || 'w' || CASE WHEN pw."width" > cw."width" THEN ', /api/images/' || p."page_original_id" || ' ' || pw."width" || 'w' ELSE '' END)
FROM "tool_pictures" p
JOIN "images" cw ON cw."id" = p."card_webp_id"
JOIN "images" pw ON pw."id" = p."page_webp_id"
WHERE p."tool_id" = t."id" AND p."position" = 0 AND t."img" = '/api/images/' || p."page_webp_id";
