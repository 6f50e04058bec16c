ALTER TABLE "products" ADD COLUMN "external_data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- 1C's Штрихкод now fills gtin, the barcode the product page and the feeds already read (decision 027). Codes that
-- are not a GTIN (8, 12, 13 or 14 digits) stay out of it, as the back office refuses them too. The barcode column
-- is left in place for the instances of the previous release; a later release drops it.
UPDATE "products" SET "gtin" = "barcode"
WHERE "barcode" ~ '^([0-9]{8}|[0-9]{12,14})$' AND ("gtin" IS NULL OR "gtin" = '');
