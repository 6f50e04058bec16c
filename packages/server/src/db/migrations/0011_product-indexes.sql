DROP INDEX "products_category_idx";--> statement-breakpoint
CREATE INDEX "products_popularity_idx" ON "products" USING btree ("popularity");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","popularity");