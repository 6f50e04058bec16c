-- Issue 39 point 4 (decision 059): what a warehouse and the carriers need of a product. Nullable columns, so the
-- instances of the previous release go on writing products without them.
ALTER TABLE "products" ADD COLUMN "weight_g" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_mm" integer;--> statement-breakpoint
-- An артикул typed into a search, and the back office's check that a new one is free.
CREATE INDEX IF NOT EXISTS "products_sku_idx" ON "products" USING btree (lower("sku")) WHERE "sku" <> '';
