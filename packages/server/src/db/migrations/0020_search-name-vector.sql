DROP INDEX "products_name_vector_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian', translate(name, 'Ёё', 'Ее')) || to_tsvector('simple', latin_name)) STORED;--> statement-breakpoint
CREATE INDEX "products_name_vector_idx" ON "products" USING gin ("name_vector");--> statement-breakpoint
-- The first name matches in id order (search.repo.ts) from the index alone: a common word («лаванда», thousands of
-- names) finds its first 50 after reading a few hundred entries instead of every matching row.
CREATE INDEX "products_name_walk_idx" ON "products" USING btree ("id") INCLUDE ("name_vector") WHERE "products"."visible";
