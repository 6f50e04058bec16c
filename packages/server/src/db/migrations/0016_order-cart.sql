ALTER TABLE "orders" ADD COLUMN "cart_id" uuid;--> statement-breakpoint
CREATE INDEX "orders_cart_idx" ON "orders" USING btree ("cart_id");