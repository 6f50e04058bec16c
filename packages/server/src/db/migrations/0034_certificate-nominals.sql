-- Decision 049: the gift certificates' nominals read as every price does, «5 000 ₽» (non-breaking spaces, as
-- formatRub writes them), not «5000 ₽». Only the label changes: the URLs (/sertifikat-5000-rub.html) stay.
UPDATE "products"
SET "volume" = regexp_replace("volume", '^([0-9]{1,3})([0-9]{3}) ₽$', '\1' || U&'\00A0' || '\2' || U&'\00A0' || '₽')
WHERE "volume" ~ '^[0-9]{4,6} ₽$'
  AND "category_id" IN (SELECT "id" FROM "categories" WHERE "url" = '/sertifikaty');
--> statement-breakpoint
UPDATE "products"
SET "description" = replace("description", 'Номинал — 1000, 3000 или 5000 ₽.',
  'Номинал — 1' || U&'\00A0' || '000, 3' || U&'\00A0' || '000 или 5' || U&'\00A0' || '000' || U&'\00A0' || '₽.')
WHERE "category_id" IN (SELECT "id" FROM "categories" WHERE "url" = '/sertifikaty');
